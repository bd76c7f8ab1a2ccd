import Foundation
import Testing
import NavigationCore

@Suite("Interned routes and flag names")
struct InterningTests {
    @Test("equal names and arguments make equal routes; any difference makes a different one")
    func identity() {
        let two = DynamicRoute("product", arguments: [.init(name: "id", value: "2")])
        #expect(two == DynamicRoute("product", arguments: [.init(name: "id", value: "2")]))
        #expect(two.hashValue == DynamicRoute("product", arguments: [.init(name: "id", value: "2")]).hashValue)
        #expect(two != DynamicRoute("product", arguments: [.init(name: "id", value: "3")]))
        #expect(two != DynamicRoute("product"))
        #expect(two.name == "product")
        #expect(two.arguments == [.init(name: "id", value: "2")])
        #expect(two.description == "product(id: 2)")
        #expect(FlagName("signedIn") == "signedIn")
        #expect(FlagName("signedIn") != FlagName("signedOut"))
        #expect(FlagName("signedIn").name == "signedIn")
        #expect(TabID("feed") == "feed" && TabID("feed") != TabID("profile") && TabID("feed").name == "feed")
        #expect(!(TabID("interning-tab-a") < TabID("interning-tab-0")))
    }

    @Test("order is by name, then arguments, whatever order the routes were first made in")
    func order() {
        let late = DynamicRoute("interning-order-b")
        let early = DynamicRoute("interning-order-a")
        #expect(early < late)
        #expect(!(late < early))
        #expect(!(early < early))
        #expect(DynamicRoute("p", arguments: [.init(name: "id", value: "1")]) < DynamicRoute("p", arguments: [.init(name: "id", value: "2")]))
        #expect(!(FlagName("interning-flag-a") < FlagName("interning-flag-0-b")))
        #expect(FlagName("interning-flag-0-b") < FlagName("interning-flag-a"))
    }

    @Test("routes and flags made on many threads at once agree: one value per name")
    func concurrent() async {
        let keys = (0..<400).map { "concurrent-\($0)" }
        let made = await withTaskGroup(of: [(String, DynamicRoute, FlagName)].self) { group in
            for worker in 0..<8 {
                group.addTask {
                    // Each worker walks the keys from a different start, so first sightings race.
                    (0..<keys.count).map { step in
                        let key = keys[(step * 7 + worker * 53) % keys.count]
                        return (key, DynamicRoute(key, arguments: [.init(name: "w", value: key)]), FlagName(key))
                    }
                }
            }
            var all: [(String, DynamicRoute, FlagName)] = []
            for await part in group { all += part }
            return all
        }
        #expect(made.count == 8 * keys.count)
        var routes: [String: DynamicRoute] = [:]
        var flags: [String: FlagName] = [:]
        for (key, route, flag) in made {
            #expect(route.name == key && route.arguments == [.init(name: "w", value: key)])
            #expect(flag.name == key)
            #expect(routes[key, default: route] == route)
            #expect(flags[key, default: flag] == flag)
            routes[key] = route
            flags[key] = flag
        }
        #expect(Set(routes.values).count == keys.count)
        #expect(Set(flags.values).count == keys.count)
    }

    @Test("JSON holds the names, not the process's numbers, and decodes to equal values")
    func codable() throws {
        let route = DynamicRoute("product", arguments: [.init(name: "id", value: "7")])
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let text = String(decoding: try encoder.encode(route), as: UTF8.self)
        #expect(text == #"{"arguments":[{"name":"id","value":"7"}],"name":"product"}"#)
        #expect(try JSONDecoder().decode(DynamicRoute.self, from: Data(text.utf8)) == route)
        let flag = String(decoding: try encoder.encode([FlagName("signedIn")]), as: UTF8.self)
        #expect(flag == #"["signedIn"]"#)
        #expect(try JSONDecoder().decode([FlagName].self, from: Data(flag.utf8)) == ["signedIn"])
        let tab = String(decoding: try encoder.encode([TabID("feed")]), as: UTF8.self)
        #expect(tab == #"["feed"]"#)
        #expect(try JSONDecoder().decode([TabID].self, from: Data(tab.utf8)) == ["feed"])
    }
}
