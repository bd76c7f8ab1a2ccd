import NavigationCore
import NavigationGraph

/// The app's own rule, written in Swift: writing needs an account. Presenting an editor while
/// signed out presents the login sheet instead, and the command's result says so
/// (`.redirected`, see ``SocialApp/composeTapped()``).
///
/// It is registered on the graph (``SocialNavigation/graph(logoutThen:)``), so the store built
/// from the graph runs it and the explorer explores it: without it, the invariant "an editor is
/// up only while signed in" fails (`SocialNavigationTests` shows both).
struct SignInBeforeWriting: NavigationMiddleware {
    func willExecute(_ command: NavigationCommand<SocialRoute>, context: MiddlewareContext<SocialRoute>) -> MiddlewareDecision<SocialRoute> {
        guard case .present(let route, _, _) = command, SocialNavigation.editors.members.contains(route),
              !context.state.isSet(.signedIn) else { return .proceed }
        return .redirect(.present(.login, style: .sheet))
    }
}
