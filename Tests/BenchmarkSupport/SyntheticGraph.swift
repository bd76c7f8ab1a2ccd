import NavigationCore
import NavigationGraph

/// Generates graphs of a chosen size for benchmarks and for comparing with SPIN: `routes`
/// routes (`r0` is the root), `outDegree` push transitions out of each (targets drawn from a
/// seeded generator, every third one guarded by a flag), `flags` flags each with a set and a
/// clear event, and `depth` as the stack bound.
public enum SyntheticGraph {
    public static func make(routes: Int, outDegree: Int, flags: Int, depth: Int, seed: UInt64 = 1,
                            maxStates: Int = 100_000_000) -> NavigationGraph<DynamicRoute> {
        make(routes: routes, outDegree: outDegree, flags: flags, depth: depth, seed: seed, maxStates: maxStates,
             route: { DynamicRoute($0) }, routeName: { $0.name })
    }

    /// The same graph over an app's own route type (`route` makes the route named `r<i>`,
    /// `routeName` names it back): what an app's test target checks, where the checker's
    /// generic code meets a type it was not specialised for.
    public static func make<R: Route>(routes: Int, outDegree: Int, flags: Int, depth: Int, seed: UInt64 = 1, maxStates: Int = 100_000_000,
                                      route: (String) -> R, routeName: @escaping @Sendable (R) -> String) -> NavigationGraph<R> {
        precondition(routes >= 1 && routes <= 250, "routes must be 1...250")
        var generator = seed
        func next() -> UInt64 {
            generator &+= 0x9E37_79B9_7F4A_7C15
            var mixed = generator
            mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
            mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
            return mixed ^ (mixed >> 31)
        }
        func name(_ text: String) -> Condition.Name { Condition.Name(text: text, location: SourceLocation(line: 1, column: 1)) }
        let names = (0..<routes).map { "r\($0)" }
        let flagNames = (0..<flags).map { "f\($0)" }
        var transitions: [TransitionDeclaration<R>] = []
        for from in 0..<routes {
            var targets: [Int] = []
            while targets.count < min(outDegree, routes) {
                let target = Int(next() % UInt64(routes))
                if !targets.contains(target) { targets.append(target) }
            }
            for (position, target) in targets.enumerated() {
                let condition = flags > 0 && position % 3 == 2 ? GraphCondition<R>(.flag(name(flagNames[(from + position) % flags]))) : nil
                transitions.append(TransitionDeclaration(from: names[from], to: names[target], condition: condition))
            }
        }
        var events: [EventDeclaration<R>] = []
        for flag in flagNames {
            events.append(EventDeclaration(name: "set_\(flag)", precondition: GraphCondition(.not(.flag(name(flag)))),
                                           flagChanges: [(flag: FlagName(flag), value: true)]))
            events.append(EventDeclaration(name: "clear_\(flag)", precondition: GraphCondition(.flag(name(flag))),
                                           flagChanges: [(flag: FlagName(flag), value: false)]))
        }
        return NavigationGraph(
            name: "Synthetic-R\(routes)-k\(outDegree)-F\(flags)-D\(depth)",
            summary: "generated: \(routes) routes, out-degree \(outDegree), \(flags) flags, depth \(depth)",
            routes: names.map { RouteDeclaration(name: $0, samples: [route($0)]) },
            root: names[0], flags: flagNames.map { NavigationGraph<R>.Flag(name: FlagName($0), initial: false) },
            events: events, transitions: transitions,
            bounds: GraphBounds(maxStackDepth: depth, maxModalDepth: 0, maxStates: maxStates),
            routeName: routeName)
    }
}
