import NavigationCore

extension NavigationGraph {
    /// A property over the graph's paths, declared by name under a document's `properties:`
    /// (or with the Swift DSL's `Property`): what an invariant cannot say, because it is about
    /// where the user can go next, or about what came before.
    ///
    /// ```yaml
    /// properties:
    ///   editor returns to timeline: { from: "modals contains newStatus", canReach: "top == timeline and modals == 0" }
    ///   no account after sign-out: { after: "!signedIn", never: "top == account", until: signedIn }
    /// ```
    public struct PropertyDeclaration: Sendable {
        /// What the property says.
        public enum Rule: Sendable {
            /// From every reachable state where `from` holds, some state where `target` holds
            /// can be reached (CTL `AG(from → EF target)`): the general form of *no trap*.
            case canReach(from: GraphCondition<R>, target: GraphCondition<R>)
            /// Once a state where `after` holds (and `until` does not) is reached, no state
            /// where `never` holds is reached before one where `until` holds; without `until`,
            /// never again. A state where `until` holds releases the property (and `never`
            /// may hold there); a state where `after` holds arms it again.
            case never(after: GraphCondition<R>, never: GraphCondition<R>, until: GraphCondition<R>?)
        }

        /// The property's name: its verdict's in reports, and its SARIF rule's after the kind
        /// (`can-reach/<name>`). No invariant or built-in property may have it.
        public let name: String
        /// What the property says.
        public let rule: Rule
        /// Where it was declared (a document's line and column, or the Swift call's).
        public let location: SourceLocation?

        /// A property called `name` that says `rule`.
        ///
        /// - Parameters:
        ///   - name: Its name in reports.
        ///   - rule: What it says.
        ///   - location: Where it was declared, for findings and SARIF.
        public init(name: String, rule: Rule, location: SourceLocation? = nil) {
            self.name = name
            self.rule = rule
            self.location = location
        }

        /// The property's conditions, in the order written, each with the key it is written
        /// under (`from`, `canReach`, `after`, `never`, `until`).
        public var conditions: [(key: String, condition: GraphCondition<R>)] {
            switch rule {
            case .canReach(let from, let target):
                return [("from", from), ("canReach", target)]
            case .never(let after, let never, let until):
                return [("after", after), ("never", never)] + (until.map { [("until", $0)] } ?? [])
            }
        }
    }
}
