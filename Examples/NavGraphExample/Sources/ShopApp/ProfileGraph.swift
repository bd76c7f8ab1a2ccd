import NavigationCore
import NavigationGraph

/// A profile area written with the Swift DSL instead of a document. `ExampleNavGraphs` exports
/// it, so `swift package navgraph verify` verifies it with the documents.
public enum ProfileRoute: GraphRoute, CaseIterable {
    case profile, editName, avatarPicker, deleteAccount

    public var graphName: String {
        switch self {
        case .profile: "profile"
        case .editName: "editName"
        case .avatarPicker: "avatarPicker"
        case .deleteAccount: "deleteAccount"
        }
    }
}

public enum ProfileGraph {
    public static func graph() throws -> NavigationGraph<ProfileRoute> {
        try NavigationGraph<ProfileRoute>("Profile", summary: "A profile with a name editor, an avatar sheet and account deletion behind confirmation.") {
            Root(.profile)
            Flag("confirmedDeletion")
            Guard(.deleteAccount, "confirmedDeletion")
            Push(.profile, .editName)
            Sheet(.profile, .avatarPicker)
            Push(.profile, .deleteAccount)
            Event("confirmDeletion", when: "top == profile", set: ["confirmedDeletion": true])
            Invariant("deletion is confirmed", "top == deleteAccount implies confirmedDeletion")
            Bounds(maxStackDepth: 3, maxModalDepth: 1, maxStates: 1000)
        }
    }
}
