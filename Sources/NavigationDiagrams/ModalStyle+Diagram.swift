import NavigationCore

extension ModalStyle {
    /// How an edge that presents a layer of this style is drawn: its DOT attributes and its
    /// Mermaid arrow. The one switch over modal styles in the diagrams: a new style does not
    /// compile until it says how it looks.
    var edgeLook: (dot: String, mermaid: String) {
        switch self {
        case .sheet: ("style=dashed", "-.->")
        case .cover: ("style=bold, arrowhead=empty", "==>")
        }
    }
}
