import NavGraphMacrosPlugin
import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacros
import SwiftSyntaxMacrosGenericTestSupport
import Testing

/// `assertMacroExpansion` from swift-syntax's generic test support (the XCTest-free form of
/// `SwiftSyntaxMacrosTestSupport`): its failures become Swift Testing issues.
private let macros: [String: MacroSpec] = ["GraphRoutes": MacroSpec(type: GraphRoutesMacro.self, conformances: ["GraphRoute"])]

private func expect(_ source: String, expandsTo expanded: String, diagnostics: [DiagnosticSpec] = [],
                    sourceLocation: Testing.SourceLocation = #_sourceLocation) {
    assertMacroExpansion(source, expandedSource: expanded, diagnostics: diagnostics, macroSpecs: macros, indentationWidth: .spaces(4),
                         failureHandler: { Issue.record(Comment(rawValue: $0.message), sourceLocation: sourceLocation) })
}

@Suite("@GraphRoutes expansion")
struct GraphRoutesExpansionTests {
    @Test("an enum without payloads gets names, empty arguments, every case as a sample, and the conformance")
    func plainEnum() {
        expect("""
            @GraphRoutes
            enum Tab {
                case feed, search
            }
            """, expandsTo: """
            enum Tab {
                case feed, search

                var graphName: String {
                    switch self {
                    case .feed:
                        "feed"
                    case .search:
                        "search"
                    }
                }

                var graphArguments: [DynamicRoute.Argument] {
                    []
                }

                static var graphSamples: [Tab] {
                    [.feed, .search]
                }
            }

            extension Tab: GraphRoute {
            }
            """)
    }

    @Test("cases with labelled payloads: arguments by label, samples from routeSamples in case order, public kept")
    func payloads() {
        expect("""
            @GraphRoutes
            public enum Shop {
                case catalog, product(id: Int, color: String)
                case cart
                static let routeSamples: [Shop] = [.product(id: 1, color: "red")]
            }
            """, expandsTo: """
            public enum Shop {
                case catalog, product(id: Int, color: String)
                case cart
                static let routeSamples: [Shop] = [.product(id: 1, color: "red")]

                public var graphName: String {
                    switch self {
                    case .catalog:
                        "catalog"
                    case .product:
                        "product"
                    case .cart:
                        "cart"
                    }
                }

                public var graphArguments: [DynamicRoute.Argument] {
                    switch self {
                    case .product(let id, let color):
                        [DynamicRoute.Argument(name: "id", value: String(describing: id)), DynamicRoute.Argument(name: "color", value: String(describing: color))]
                    default:
                        []
                    }
                }

                public static var graphSamples: [Shop] {
                    var samples: [Shop] = []
                    samples.append(.catalog)
                    samples += routeSamples.filter {
                        $0.graphName == "product"
                    }
                    samples.append(.cart)
                    return samples
                }
            }

            extension Shop: GraphRoute {
            }
            """)
    }

    @Test("a member written by hand is kept and not written again")
    func handWrittenMember() {
        expect("""
            @GraphRoutes
            enum Tab {
                case feed
                static let graphSamples: [Tab] = [.feed]
            }
            """, expandsTo: """
            enum Tab {
                case feed
                static let graphSamples: [Tab] = [.feed]

                var graphName: String {
                    switch self {
                    case .feed:
                        "feed"
                    }
                }

                var graphArguments: [DynamicRoute.Argument] {
                    []
                }
            }

            extension Tab: GraphRoute {
            }
            """)
    }

    @Test("attached to a struct: an error that says to attach it to an enum")
    func onStruct() {
        expect("""
            @GraphRoutes
            struct Screen {}
            """, expandsTo: """
            struct Screen {}
            """, diagnostics: [DiagnosticSpec(
                message: "@GraphRoutes is attached to a struct, but it writes a route enum's conformance; attach it to an 'enum' whose cases are the routes",
                line: 1, column: 1)])
    }

    @Test("an associated value without a label: an error at the value that says to name it")
    func unnamedValue() {
        expect("""
            @GraphRoutes
            enum Shop {
                case product(Int)
            }
            """, expandsTo: """
            enum Shop {
                case product(Int)
            }

            extension Shop: GraphRoute {
            }
            """, diagnostics: [DiagnosticSpec(
                message: "case 'product' has an associated value without a label; name it (e.g. 'case product(id: Int)'), the name is the route's parameter in documents and deep links",
                line: 3, column: 18)])
    }

    @Test("payload cases without routeSamples: an error that shows the declaration to add")
    func missingSamples() {
        expect("""
            @GraphRoutes
            enum Shop {
                case home, product(id: Int)
            }
            """, expandsTo: """
            enum Shop {
                case home, product(id: Int)

                var graphName: String {
                    switch self {
                    case .home:
                        "home"
                    case .product:
                        "product"
                    }
                }

                var graphArguments: [DynamicRoute.Argument] {
                    switch self {
                    case .product(let id):
                        [DynamicRoute.Argument(name: "id", value: String(describing: id))]
                    default:
                        []
                    }
                }
            }

            extension Shop: GraphRoute {
            }
            """, diagnostics: [DiagnosticSpec(
                message: "enum 'Shop' has cases with associated values, and the explorer needs values to try; declare them: 'static let routeSamples: [Shop] = [.product(id: …)]'",
                line: 2, column: 6)])
    }
}
