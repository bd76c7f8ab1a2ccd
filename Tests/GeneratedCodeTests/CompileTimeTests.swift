import Foundation
import NavGraphTestSupport
import NavigationCodegen
import Testing

/// The promise of the generated navigators, kept by the compiler: a screen can call the
/// transitions the graph allows from it, and a call to any other does not compile.
@Suite("Transitions checked at compile time")
struct CompileTimeTests {
    /// Type-checks `body` inside a main-actor function of a store of the shop, together with the
    /// committed `Generated/ShopRoute.swift`.
    private func typecheckShop(_ body: String) throws -> SwiftTypeChecker.Outcome {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let snippet = folder.appendingPathComponent("Snippet.swift")
        try Data("""
            import NavigationCore

            @MainActor
            func navigate(_ store: NavigationStore<ShopRoute>) {
                \(body)
            }

            """.utf8).write(to: snippet)
        let generated = SampleGraphs.repositoryRoot.appendingPathComponent("Tests/GeneratedCodeTests/Generated/ShopRoute.swift")
        return try SwiftTypeChecker.current().typecheck([generated, snippet])
    }

    @Test("a transition the graph does not allow from a screen fails to compile, naming the missing member",
          arguments: [
              ("store.navigators.catalog.replaceWithReceipt()", "replaceWithReceipt", "CatalogNavigator"),
              ("store.navigators.catalog.pushCart()", "pushCart", "CatalogNavigator"),
              ("store.navigators.receipt.pushProduct(id: 1)", "pushProduct", "ReceiptNavigator"),
              ("store.navigators.signIn.presentSignIn()", "presentSignIn", "SignInNavigator"),
          ])
    func disallowed(call: String, member: String, navigator: String) throws {
        let outcome = try typecheckShop(call)
        #expect(!outcome.succeeded, "\(call) compiled")
        #expect(outcome.diagnostics.contains("error: value of type 'some ShopRoute.\(navigator)' has no member '\(member)'"), "\(outcome.diagnostics)")
    }

    @Test("the transitions the graph allows compile, parameters typed",
          arguments: [
              "store.navigators.catalog.pushProduct(id: 3)",
              "store.navigators.catalog.presentSignIn()",
              "store.navigators.cart.pushCheckout()",
              "store.navigators.checkout.replaceWithReceipt()",
              "let result: NavigationResult<ShopRoute> = store.navigators.product.presentCart(); _ = result",
          ])
    func allowed(call: String) throws {
        let outcome = try typecheckShop(call)
        #expect(outcome.succeeded, "\(outcome.diagnostics)")
    }

    @Test("a parameter of the wrong type does not compile")
    func wrongParameterType() throws {
        let outcome = try typecheckShop(#"store.navigators.catalog.pushProduct(id: "7")"#)
        #expect(!outcome.succeeded)
        #expect(outcome.diagnostics.contains("cannot convert value of type 'String' to expected argument type 'Int'"), "\(outcome.diagnostics)")
    }

    @Test("every sample graph's generated Swift type-checks without warnings, public and internal",
          arguments: SampleGraphs.names, SwiftGenerator.Access.allCases)
    func samplesCompile(file: String, access: SwiftGenerator.Access) throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let text = try String(contentsOf: SampleGraphs.directory.appendingPathComponent(file), encoding: .utf8)
        let swift = try SwiftGenerator(options: .init(access: access)).generate(documentText: text, origin: "Graphs/\(file)")
        let output = folder.appendingPathComponent("Generated.swift")
        try Data(swift.utf8).write(to: output)
        let outcome = try SwiftTypeChecker.current().typecheck([output])
        #expect(outcome.succeeded, "\(file), \(access): \(outcome.diagnostics)")
    }
}
