/// The Swift type of a route parameter, inferred from its sample values in the document.
///
/// - `Int` when every sample is a whole number written as Swift writes it back (`7`, `-2`;
///   not `007` or `+7`, which would not survive the trip through `String(_:)`);
/// - `Bool` when every sample is `true` or `false`;
/// - `String` otherwise.
public enum ParameterType: String, Hashable, Sendable, CaseIterable {
    case int = "Int"
    case bool = "Bool"
    case string = "String"

    /// The type the sample values `values` fit.
    public init(samples values: [String]) {
        if !values.isEmpty && values.allSatisfy({ value in Int(value).map { String($0) == value } ?? false }) {
            self = .int
        } else if !values.isEmpty && values.allSatisfy({ $0 == "true" || $0 == "false" }) {
            self = .bool
        } else {
            self = .string
        }
    }

    /// The type as generated code writes it, qualified so a type of the app's own cannot
    /// stand in for it.
    var swiftName: String { "Swift.\(rawValue)" }

    /// `value` (one of the document's samples) as a Swift expression of this type.
    func literal(_ value: String) -> String {
        switch self {
        case .int, .bool: value
        case .string: SwiftSource.stringLiteral(value)
        }
    }

    /// An expression turning `expression` (a `String`) into this type, optional.
    func parse(_ expression: String) -> String {
        switch self {
        case .int: "Swift.Int(\(expression))"
        case .bool: "Swift.Bool(\(expression))"
        case .string: expression
        }
    }

    /// An expression writing `expression` (of this type) as a `String`.
    func text(_ expression: String) -> String {
        switch self {
        case .int, .bool: "Swift.String(\(expression))"
        case .string: expression
        }
    }
}
