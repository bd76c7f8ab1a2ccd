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
