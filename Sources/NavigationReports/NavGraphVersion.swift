/// NavGraph's version: what `navgraph --version` prints and SARIF logs name as the tool's.
public enum NavGraphVersion {
    public static let current = "0.3.0"
}
