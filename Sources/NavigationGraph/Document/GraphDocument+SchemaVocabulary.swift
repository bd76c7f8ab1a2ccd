import NavigationCore

/// The parts of ``GraphDocument/jsonSchema`` that list how a route is shown, made from
/// `ModalStyle`, ``OwnershipStyle`` and ``TransitionStyle`` so that the schema's enums, event
/// step keys and their descriptions can never leave a style out.
enum SchemaVocabulary {
    /// A JSON array of the names: `["sheet", "cover"]`.
    static func jsonEnum(_ names: [String]) -> String {
        "[" + names.map { "\"\($0)\"" }.joined(separator: ", ") + "]"
    }

    static var modalStyleNames: [String] { ModalStyle.allCases.map(\.documentName) }

    /// `["sheet", "cover"]`: `tappableUnder` items and a deep link's modal style.
    static var modalStyles: String { jsonEnum(modalStyleNames) }
    /// `["push", "sheet", "cover"]`: an owner's style.
    static var tabReselections: String { jsonEnum(TabReselection.allCases.map(\.rawValue)) }

    static var hiddenTabSelections: String { jsonEnum(HiddenTabSelection.allCases.map(\.rawValue)) }

    static var ownershipStyles: String { jsonEnum(OwnershipStyle.allCases.map(\.rawValue)) }
    /// `["dismiss", "keep"]`: what a link that pushes does with the open modals.
    static var underModals: String { jsonEnum(NavigationPlanUnderModals.allCases.map(\.rawValue)) }
    /// `["scheme", "host"]`, `["ignore", "reject"]` twice: strict deep-link matching's parts.
    static var caseSensitiveParts: String { jsonEnum(DeepLinkMatching.Part.allCases.map(\.rawValue)) }
    static var unknownQuery: String { jsonEnum(DeepLinkMatching.UnknownQuery.allCases.map(\.rawValue)) }
    static var trailingSlash: String { jsonEnum(DeepLinkMatching.TrailingSlash.allCases.map(\.rawValue)) }
    /// `["push", "sheet", "cover", "replace", "request"]`: a transition's or redirect's style.
    static var transitionStyles: String { jsonEnum(TransitionStyle.allCases.map(\.rawValue)) }

    /// `["window", "tab"]`: the graph's and a route's modal scope.
    static var modalScopes: String { jsonEnum(ModalScope.allCases.map(\.rawValue)) }

    /// `[sheet, cover]`, as a document writes the list of every modal style.
    static var everyModalStyleList: String { "[" + modalStyleNames.joined(separator: ", ") + "]" }
    /// `sheet or cover`.
    static var spokenModalStyles: String { SpokenList.joined(modalStyleNames) }
    /// `push (the default), sheet, cover, replace or request`.
    static var spokenTransitionStyles: String {
        SpokenList.joined(TransitionStyle.allCases.map { $0 == .push ? "push (the default)" : $0.rawValue })
    }
    /// `a sheet or a full-screen cover`.
    static var modalPhrases: String { SpokenList.joined(ModalStyle.allCases.map(\.traits.phrase)) }

    /// The `oneOf` of an event step's keys: one `required` per style, then `tab` and `resetTabs`.
    static var stepKeysOneOf: String {
        (TransitionStyle.allCases.map(\.rawValue) + ["tab", "resetTabs"]).map { "{ \"required\": [\"\($0)\"] }" }.joined(separator: ", ")
    }

    /// An event step's property per style, one line each, indented as in the schema.
    static var stepProperties: String {
        TransitionStyle.allCases.map { style in
            "            \"\(style.rawValue)\": { \"$ref\": \"#/$defs/name\", \"description\": \"\(stepDescription(style))\" },"
        }.joined(separator: "\n")
    }

    private static func stepDescription(_ style: TransitionStyle) -> String {
        switch style {
        case .presentation(.push): "Push this route."
        case .presentation(.replace): "Replace the route on top of the active stack with this one (the routes under it stay)."
        case .presentation(.modal(let modal)): "Present this route as \(modal.traits.phrase)."
        case .request: "Request this route from its nearest visible owner."
        }
    }
}
