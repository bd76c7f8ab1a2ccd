import ArgumentParser
import NavigationVerification

/// `--diagrams none|graph|all`.
extension DiagramPolicy.Selection: ExpressibleByArgument {}
