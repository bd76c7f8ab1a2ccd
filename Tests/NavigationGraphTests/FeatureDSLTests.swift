import Testing
import NavigationCore
import NavigationGraph

/// A feature's routes, with `done` as its exit.
private enum PeopleRoute: GraphRoute, CaseIterable {
    case list, detail, done

    var graphName: String {
        switch self {
        case .list: "list"
        case .detail: "detail"
        case .done: "done"
        }
    }
}

/// An app that wraps the feature's routes as `people.<name>`.
private enum FeatureAppRoute: GraphRoute {
    case home, people(PeopleRoute)

    var graphName: String {
        switch self {
        case .home: "home"
        case .people(let route): "people.\(route.graphName)"
        }
    }

    static let graphSamples: [FeatureAppRoute] = [.home, .people(.list), .people(.detail)]
}

@Suite("Feature graphs in Swift")
struct FeatureDSLTests {
    private func peopleGraph() throws -> NavigationGraph<PeopleRoute> {
        try NavigationGraph<PeopleRoute>("People") {
            Root(.list)
            Flag("signedIn")
            Guard(.detail, "signedIn", otherwise: .redirect(.done, style: .push))
            Push(.list, .detail, when: "top == list")
            Push(.detail, .done)
            Invariant("detail needs sign-in", "top == detail implies signedIn")
        }
    }

    @Test("a Feature embeds the feature's routes as <feature>.<name> and leads its exits where the app says")
    func embeds() throws {
        let people = try Feature("people", try peopleGraph(), route: FeatureAppRoute.people, exits: [.done: .home])
        let app = try NavigationGraph<FeatureAppRoute>("App") {
            Root(.home)
            Push(.home, .people(.list))
            people
        }
        #expect(app.routes.map(\.name) == ["home", "people.list", "people.detail"])
        #expect(app.transitions.map { "\($0.from)->\($0.to)" } == ["home->people.list", "people.list->people.detail", "people.detail->home"])
        #expect(app.transitions[1].condition?.text == "top == people.list")
        #expect(app.route(named: "people.detail")?.entryGuard?.otherwise == .redirect(to: "home", style: .push))
        #expect(app.invariants.map(\.name) == ["people.detail needs sign-in"])
        #expect(app.invariants.first?.condition.text == "top == people.detail implies signedIn")
        #expect(app.flags.map(\.name.name) == ["signedIn"])
        #expect(GraphLinter.lint(app).isEmpty, "the composed graph lints clean")
    }

    @Test("a feature's reroute is qualified like its other names, its route and condition led where the app says")
    func reroute() throws {
        let graph = try NavigationGraph<PeopleRoute>("People") {
            Root(.list)
            Push(.list, .detail, reroute: .to(.done, when: "not (stack contains detail)"))
        }
        let people = try Feature("people", graph, route: FeatureAppRoute.people, exits: [.done: .home])
        let app = try NavigationGraph<FeatureAppRoute>("App") {
            Root(.home)
            Push(.home, .people(.list))
            people
        }
        let reroute = try #require(app.transitions.first { $0.from == "people.list" }?.reroute)
        #expect(reroute.route == "home")
        #expect(reroute.condition.text == "not stack contains people.detail")
    }

    @Test("export refuses a graph with a feature: a document includes a feature from a file of its own")
    func exportRefused() throws {
        let people = try Feature("people", try peopleGraph(), route: FeatureAppRoute.people, exits: [.done: .home])
        let app = try NavigationGraph<FeatureAppRoute>("App") {
            Root(.home)
            people
        }
        #expect {
            try GraphDocument.export(app)
        } throws: { error in
            (error as? GraphExportError)?.message.contains("includes feature 'people' (route 'people.list')") == true
        }
    }

    @Test("a wrapped route not named <feature>.<name> is refused at the Feature's line")
    func misnamed() throws {
        let graph = try peopleGraph()
        #expect {
            try Feature("persons", graph, route: FeatureAppRoute.people, exits: [.done: .home])
        } throws: { error in
            (error as? GraphBuildError)?.message.contains("named 'people.list'") == true
        }
    }

    @Test("a feature condition written as a Swift closure is refused: it reads the feature's route type")
    func closureCondition() throws {
        let graph = try NavigationGraph<PeopleRoute>("People") {
            Root(.list)
            Invariant("always") { _ in true }
        }
        #expect(throws: GraphBuildError.self) {
            try Feature("people", graph, route: FeatureAppRoute.people)
        }
    }

    @Test("a Feature's entries and exits must be routes of the feature, and an exit cannot be an entry")
    func entriesAndExitsChecked() throws {
        let graph = try peopleGraph()
        // Inside #expect's closure, #line defaults to the line of the #expect.
        let line = #line + 1
        #expect {
            try Feature("people", graph, route: FeatureAppRoute.people, entries: [.list, .done], exits: [.done: .home])
        } throws: { error in
            let error = error as? GraphBuildError
            return error?.message == "exit 'done' of feature 'people' cannot be an entry" && error?.line == line && error?.file.hasSuffix("FeatureDSLTests.swift") == true
        }
        // Without its exit, `done` is a feature route the app cannot name: an exit wired to nothing.
        #expect {
            try Feature("people", graph, route: FeatureAppRoute.people)
        } throws: { error in
            (error as? GraphBuildError)?.remedy.contains("wire it under exits: [.done: <app route>]") == true
        }
        let partial = try NavigationGraph<PeopleRoute>("People") {
            Root(.list)
            Push(.list, .done)
        }
        // `detail` is declared by the feature's route type but no declaration of this graph names it.
        #expect(throws: Never.self) { try Feature("people", partial, route: FeatureAppRoute.people, exits: [.done: .home]) }
    }

    @Test("the app enters a Feature only at its entries and never leaves it but through an exit, errors at the app's line")
    func boundaries() throws {
        let people = try Feature("people", try peopleGraph(), route: FeatureAppRoute.people, exits: [.done: .home])
        // Inside #expect's closure, #line defaults to the line of the #expect.
        let intoDetail = #line + 1
        #expect {
            try NavigationGraph<FeatureAppRoute>("App") {
                Root(.home)
                Push(.home, .people(.detail))
                people
            }
        } throws: { error in
            let error = error as? GraphBuildError
            return error?.message == "the transition from 'home' enters feature 'people' at 'people.detail', which is not one of its entries (people.list)"
                && error?.line == intoDetail
        }
        #expect {
            try NavigationGraph<FeatureAppRoute>("App") {
                Root(.home)
                Push(.home, .people(.list))
                Push(.people(.detail), .home)
                people
            }
        } throws: { error in
            (error as? GraphBuildError)?.message.contains("leaves feature 'people' other than through one of its exits") == true
        }
        #expect(throws: GraphBuildError.self) {
            try NavigationGraph<FeatureAppRoute>("App") {
                Root(.people(.detail))
                people
            }
        }
        // Declared as an entry, the same transition builds.
        let withEntries = try Feature("people", try peopleGraph(), route: FeatureAppRoute.people, entries: [.list, .detail], exits: [.done: .home])
        let app = try NavigationGraph<FeatureAppRoute>("App") {
            Root(.home)
            Push(.home, .people(.list))
            Push(.home, .people(.detail))
            withEntries
        }
        #expect(app.transitions.contains { $0.from == "home" && $0.to == "people.detail" })
    }

    @Test("lint findings about a Feature's declarations are placed at the Feature call and name the feature")
    func lintAtFeatureCall() throws {
        let graph = try NavigationGraph<PeopleRoute>("People") {
            Root(.list)
            Push(.list, .detail)
            Push(.detail, .done)
            Invariant("no orphans", "count(orphan) == 0")
        }
        let line = #line + 1
        let people = try Feature("people", graph, route: FeatureAppRoute.people, exits: [.done: .home])
        let app = try NavigationGraph<FeatureAppRoute>("App") {
            Root(.home)
            Push(.home, .people(.list))
            people
        }
        let finding = try #require(GraphLinter.lint(app).first { $0.rule == "unknown-route" })
        #expect(finding.message.contains("'people.orphan'"))
        #expect(finding.location?.line == line)
        #expect(finding.location?.file?.hasSuffix("FeatureDSLTests.swift") == true)
        #expect(finding.feature == "people")
    }
}

/// A feature whose guard redirects to a route value that is not its route's first sample.
private enum ProfileFeatureRoute: GraphRoute {
    case start, secret, card(id: Int)

    var graphName: String {
        switch self {
        case .start: "start"
        case .secret: "secret"
        case .card: "card"
        }
    }

    var graphArguments: [DynamicRoute.Argument] {
        if case .card(let id) = self { [.init(name: "id", value: String(id))] } else { [] }
    }

    static let graphSamples: [ProfileFeatureRoute] = [.start, .secret, .card(id: 1), .card(id: 2)]
}

private enum ProfileAppRoute: GraphRoute {
    case home, profile(ProfileFeatureRoute)

    var graphName: String {
        switch self {
        case .home: "home"
        case .profile(let route): "profile.\(route.graphName)"
        }
    }

    static let graphSamples: [ProfileAppRoute] = [.home] + ProfileFeatureRoute.graphSamples.map(ProfileAppRoute.profile)
}

@Suite("Feature graphs in Swift: written values")
struct FeatureValueTests {
    @Test("a feature guard's redirect keeps the value it writes, wrapped in the app's route")
    func redirectValueIsWrapped() throws {
        let feature = try NavigationGraph<ProfileFeatureRoute>("Profile") {
            Root(.start)
            Flag("signedIn")
            Guard(.secret, "signedIn", otherwise: .redirect(.card(id: 2), style: .sheet))
            Push(.start, .secret)
        }
        let profile = try Feature("profile", feature, route: ProfileAppRoute.profile)
        let app = try NavigationGraph<ProfileAppRoute>("App") {
            Root(.home)
            Push(.home, .profile(.start))
            profile
        }
        let entryGuard = try #require(app.route(named: "profile.secret")?.entryGuard)
        #expect(app.redirectDestination(of: entryGuard) == .profile(.card(id: 2)))
    }
}
