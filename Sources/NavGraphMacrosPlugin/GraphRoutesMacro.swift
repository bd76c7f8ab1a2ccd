import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// `@GraphRoutes`: writes `graphName`, `graphArguments` and `graphSamples` for a route enum and
/// declares its `GraphRoute` conformance.
public struct GraphRoutesMacro: MemberMacro, ExtensionMacro {
    /// One case of the enum: its name and its associated values' labels.
    struct RouteCase {
        let name: String
        let labels: [String]
    }

    public static func expansion(
        of node: AttributeSyntax, providingMembersOf declaration: some DeclGroupSyntax,
        conformingTo protocols: [TypeSyntax], in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        guard let enumDeclaration = declaration.as(EnumDeclSyntax.self) else {
            context.diagnose(Diagnostic(node: node, message: GraphRoutesDiagnostic.notAnEnum(kind: declaration.kindName)))
            return []
        }
        let typeName = enumDeclaration.name.text
        guard let cases = routeCases(of: enumDeclaration, in: context) else { return [] }
        guard !cases.isEmpty else {
            context.diagnose(Diagnostic(node: Syntax(enumDeclaration.name), message: GraphRoutesDiagnostic.noCases(type: typeName)))
            return []
        }
        let written = writtenMembers(of: enumDeclaration)
        let access = enumDeclaration.modifiers.contains { ["public", "package"].contains($0.name.text) }
            ? enumDeclaration.modifiers.first { ["public", "package"].contains($0.name.text) }.map { "\($0.name.text) " } ?? ""
            : ""
        var members: [DeclSyntax] = []
        if !written.contains("graphName") {
            let arms = cases.map { "case .\($0.name): \(stringLiteral($0.name))" }.joined(separator: "\n")
            members.append("\(raw: access)var graphName: String {\nswitch self {\n\(raw: arms)\n}\n}")
        }
        if !written.contains("graphArguments") {
            let withPayload = cases.filter { !$0.labels.isEmpty }
            if withPayload.isEmpty {
                members.append("\(raw: access)var graphArguments: [DynamicRoute.Argument] { [] }")
            } else {
                var arms = withPayload.map { route in
                    let bindings = route.labels.map { "let \($0)" }.joined(separator: ", ")
                    let arguments = route.labels.map { "DynamicRoute.Argument(name: \(stringLiteral($0)), value: String(describing: \($0)))" }
                        .joined(separator: ", ")
                    return "case .\(route.name)(\(bindings)): [\(arguments)]"
                }
                if withPayload.count < cases.count { arms.append("default: []") }
                members.append("\(raw: access)var graphArguments: [DynamicRoute.Argument] {\nswitch self {\n\(raw: arms.joined(separator: "\n"))\n}\n}")
            }
        }
        if !written.contains("graphSamples") {
            let needsSamples = cases.contains { !$0.labels.isEmpty }
            if needsSamples && !written.contains("routeSamples") {
                let example = cases.first { !$0.labels.isEmpty }.map { route in
                    ".\(route.name)(\(route.labels.map { "\($0): …" }.joined(separator: ", ")))"
                } ?? ""
                context.diagnose(Diagnostic(node: Syntax(enumDeclaration.name),
                                            message: GraphRoutesDiagnostic.missingSamples(type: typeName, example: example)))
                return members
            }
            if needsSamples {
                let steps = cases.map { route in
                    route.labels.isEmpty
                        ? "samples.append(.\(route.name))"
                        : "samples += routeSamples.filter { $0.graphName == \(stringLiteral(route.name)) }"
                }.joined(separator: "\n")
                members.append("\(raw: access)static var graphSamples: [\(raw: typeName)] {\nvar samples: [\(raw: typeName)] = []\n\(raw: steps)\nreturn samples\n}")
            } else {
                let list = cases.map { ".\($0.name)" }.joined(separator: ", ")
                members.append("\(raw: access)static var graphSamples: [\(raw: typeName)] { [\(raw: list)] }")
            }
        }
        return members
    }

    public static func expansion(
        of node: AttributeSyntax, attachedTo declaration: some DeclGroupSyntax, providingExtensionsOf type: some TypeSyntaxProtocol,
        conformingTo protocols: [TypeSyntax], in context: some MacroExpansionContext
    ) throws -> [ExtensionDeclSyntax] {
        // The member role reports misuse; the conformance is only added to an enum.
        guard declaration.is(EnumDeclSyntax.self), !protocols.isEmpty else { return [] }
        let conformance: DeclSyntax = "extension \(type.trimmed): GraphRoute {}"
        return conformance.as(ExtensionDeclSyntax.self).map { [$0] } ?? []
    }

    /// The enum's cases in order, or nil after diagnosing an associated value without a label.
    private static func routeCases(of declaration: EnumDeclSyntax, in context: some MacroExpansionContext) -> [RouteCase]? {
        var cases: [RouteCase] = []
        var valid = true
        for member in declaration.memberBlock.members {
            guard let caseDeclaration = member.decl.as(EnumCaseDeclSyntax.self) else { continue }
            for element in caseDeclaration.elements {
                let name = element.name.text.filter { $0 != "`" }
                var labels: [String] = []
                for parameter in element.parameterClause?.parameters ?? [] {
                    guard let label = parameter.firstName, label.tokenKind != .wildcard else {
                        context.diagnose(Diagnostic(node: Syntax(parameter), message: GraphRoutesDiagnostic.unnamedValue(route: name)))
                        valid = false
                        continue
                    }
                    labels.append(label.text.filter { $0 != "`" })
                }
                cases.append(RouteCase(name: name, labels: labels))
            }
        }
        return valid ? cases : nil
    }

    /// The names of the properties the enum declares itself.
    private static func writtenMembers(of declaration: EnumDeclSyntax) -> Set<String> {
        var names: Set<String> = []
        for member in declaration.memberBlock.members {
            guard let variable = member.decl.as(VariableDeclSyntax.self) else { continue }
            for binding in variable.bindings {
                if let pattern = binding.pattern.as(IdentifierPatternSyntax.self) { names.insert(pattern.identifier.text) }
            }
        }
        return names
    }

    /// `text` as a Swift string literal (case names and labels are identifiers: no escaping needed).
    private static func stringLiteral(_ text: String) -> String { "\"\(text)\"" }
}

extension DeclGroupSyntax {
    /// What the declaration is, for messages: `struct`, `class`, `actor`, `extension`, `protocol`.
    fileprivate var kindName: String {
        if self.is(StructDeclSyntax.self) { return "struct" }
        if self.is(ClassDeclSyntax.self) { return "class" }
        if self.is(ActorDeclSyntax.self) { return "actor" }
        if self.is(ExtensionDeclSyntax.self) { return "extension" }
        if self.is(ProtocolDeclSyntax.self) { return "protocol" }
        return "declaration"
    }
}

/// What `@GraphRoutes` reports when it is misused: what happened, and how to fix it.
enum GraphRoutesDiagnostic: DiagnosticMessage {
    case notAnEnum(kind: String)
    case noCases(type: String)
    case unnamedValue(route: String)
    case missingSamples(type: String, example: String)

    var message: String {
        switch self {
        case .notAnEnum(let kind):
            "@GraphRoutes is attached to a \(kind), but it writes a route enum's conformance; attach it to an 'enum' whose cases are the routes"
        case .noCases(let type):
            "enum '\(type)' has no cases, so it has no routes; add a case for each screen"
        case .unnamedValue(let route):
            "case '\(route)' has an associated value without a label; name it (e.g. 'case \(route)(id: Int)'), the name is the route's parameter in documents and deep links"
        case .missingSamples(let type, let example):
            "enum '\(type)' has cases with associated values, and the explorer needs values to try; declare them: 'static let routeSamples: [\(type)] = [\(example)]'"
        }
    }

    var diagnosticID: MessageID {
        let id = switch self {
        case .notAnEnum: "notAnEnum"
        case .noCases: "noCases"
        case .unnamedValue: "unnamedValue"
        case .missingSamples: "missingSamples"
        }
        return MessageID(domain: "NavGraphMacros", id: id)
    }

    var severity: DiagnosticSeverity { .error }
}
