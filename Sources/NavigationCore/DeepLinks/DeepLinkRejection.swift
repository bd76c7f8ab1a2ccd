/// Why the deep-link pipeline refused a URL.
public enum DeepLinkRejection: Error, Hashable, Sendable {
    /// The URL is longer than ``DeepLinkLimits/maxLength``.
    case tooLong(length: Int, limit: Int)
    /// The URL has more path segments than ``DeepLinkLimits/maxSegments``.
    case tooManySegments(count: Int, limit: Int)
    /// The URL has more query items than ``DeepLinkLimits/maxQueryItems``.
    case tooManyQueryItems(count: Int, limit: Int)
    /// The URL holds a byte outside printable ASCII (spaces and control characters included);
    /// such characters must be percent-encoded.
    case invalidCharacter(offset: Int)
    /// The URL has no `scheme://` prefix.
    case missingScheme
    /// The scheme is not one the app accepts.
    case schemeNotAllowed(String, allowed: [String])
    /// The host is not one the app accepts.
    case hostNotAllowed(String, allowed: [String])
    /// The path holds an empty segment (`//`).
    case emptySegment(index: Int)
    /// The path holds a `.` or `..` segment.
    case dotSegment(index: Int)
    /// A `%` is not followed by two hex digits.
    case malformedPercentEncoding(component: String)
    /// Percent-decoding produced bytes that are not UTF-8.
    case invalidUTF8(component: String)
    /// A matched link's parameter could not be turned into a route, e.g. `id=abc` for a number.
    case invalidParameter(name: String, value: String, reason: String)
    /// The link's requirement does not hold, and the link is declared not to wait for it.
    case requirementNotMet(String)
}

extension DeepLinkRejection: CustomStringConvertible {
    public var description: String {
        switch self {
        case .tooLong(let length, let limit):
            "the URL is \(length) bytes long, over the limit of \(limit)"
        case .tooManySegments(let count, let limit):
            "the URL has \(count) path segments, over the limit of \(limit)"
        case .tooManyQueryItems(let count, let limit):
            "the URL has \(count) query items, over the limit of \(limit)"
        case .invalidCharacter(let offset):
            "the URL has a character at byte \(offset) that must be percent-encoded"
        case .missingScheme:
            "the URL has no scheme; write it as scheme://…"
        case .schemeNotAllowed(let scheme, let allowed):
            "scheme '\(scheme)' is not accepted; accepted: \(allowed.joined(separator: ", "))"
        case .hostNotAllowed(let host, let allowed):
            "host '\(host)' is not accepted; accepted: \(allowed.isEmpty ? "none" : allowed.joined(separator: ", "))"
        case .emptySegment(let index):
            "path segment \(index) is empty (a doubled '/')"
        case .dotSegment(let index):
            "path segment \(index) is '.' or '..', which deep links never resolve"
        case .malformedPercentEncoding(let component):
            "'\(component)' has a '%' not followed by two hex digits"
        case .invalidUTF8(let component):
            "'\(component)' decodes to bytes that are not UTF-8"
        case .invalidParameter(let name, let value, let reason):
            "parameter '\(name)' = '\(value)' is invalid: \(reason)"
        case .requirementNotMet(let requirement):
            "the link needs \(requirement), which does not hold"
        }
    }
}
