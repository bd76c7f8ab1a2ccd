/// How a modal layer is presented.
public enum ModalStyle: String, Hashable, Sendable, Codable, CaseIterable {
    /// A sheet: the user can swipe it away.
    case sheet
    /// A full-screen cover: only the app can dismiss it.
    case cover
}
