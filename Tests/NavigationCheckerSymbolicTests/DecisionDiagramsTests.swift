@testable import NavigationChecker
@testable import NavigationCheckerSymbolic
import Testing

/// The one file that calls BuDDy: counting, quantifying, renaming, and errors that end a
/// session with a thrown error instead of ending the process.
@Suite("Decision diagrams (BuDDy)")
struct DecisionDiagramsTests {
    static let small = DecisionDiagrams.Sizing(initialNodes: 10_000, maxNodes: 1_000_000, cacheEntries: 10_000)

    @Test("counts, quantifies, renames and picks an assignment")
    func basics() throws {
        let figures = try DecisionDiagrams.withSession(variables: 4, sizing: Self.small) { diagrams in
            let (a, b, c) = (diagrams.variable(0), diagrams.variable(1), diagrams.variable(2))
            let set = diagrams.set(of: [0, 1, 2])
            let either = a || b
            let count = either.count(over: set)
            let projected = (a && b).exists(diagrams.set(of: [1]))
            let renamed = a.renamed(diagrams.renaming([(from: 0, to: 2)]))
            let product = (a && b).andExists(b && c, diagrams.set(of: [1]))
            let assignment = (a && !b).oneAssignment(over: set)
            return (count, projected == a, renamed == c, product == (a && c), assignment)
        }
        #expect(figures.0 == 6)
        #expect(figures.1 && figures.2 && figures.3)
        #expect(figures.4 == [0: true, 1: false, 2: false])
    }

    @Test("counts over many variables without overflowing a double")
    func manyVariables() throws {
        let count = try DecisionDiagrams.withSession(variables: 1_100, sizing: Self.small) { diagrams in
            let even = Array(stride(from: 0, to: 1_100, by: 2))
            let (a, b, c, d) = (diagrams.variable(0), diagrams.variable(2), diagrams.variable(4), diagrams.variable(1_098))
            return (a && !b && (c || d)).count(over: even, set: diagrams.set(of: even))
        }
        #expect(count == 3 * Double(sign: .plus, exponent: 546, significand: 1))
    }

    /// The same formulas over `variables` (ascending: the same order, so the same diagram shape)
    /// in a session of `total` variables, each counted over `variables`.
    static func counts(total: Int, variables: [Int]) throws -> [Double] {
        try DecisionDiagrams.withSession(variables: total, sizing: Self.small) { diagrams in
            let x = variables.map { diagrams.variable($0) }
            let set = diagrams.set(of: variables)
            var formulas: [Diagram] = [diagrams.false, diagrams.true, x[0], !x[5] && x[40]]
            // Chains of equivalences, disjunctions of cubes: diagrams of tens to hundreds of nodes,
            // counted one after another (the count's table is kept between counts, larger and smaller).
            var chain = diagrams.true
            for index in stride(from: 0, to: x.count - 1, by: 2) { chain = chain && x[index].equivalent(x[index + 1]) }
            formulas.append(chain)
            var cubes = diagrams.false
            for start in 0..<20 { cubes = cubes || (x[start] && !x[start + 7] && x[(start * 5) % x.count]) }
            formulas.append(cubes)
            formulas.append(chain || cubes)
            formulas.append(x[3])
            return formulas.map { total > 1000 ? $0.count(over: variables, set: set) : $0.count(over: set) }
        }
    }

    @Test("counting over many variables walks the diagram to the counts BuDDy gives over few, diagram after diagram")
    func manyVariablesAgreeWithBuDDy() throws {
        // Spread over 1,100 variables, the last ones past 1,023 (where BuDDy's own count overflows).
        let spread = Array(stride(from: 0, to: 1_100, by: 18)).prefix(60).map { $0 } + [1_099]
        let many = try Self.counts(total: 1_100, variables: spread)
        let few = try Self.counts(total: spread.count, variables: Array(0..<spread.count))
        #expect(many == few)
        #expect(many[0] == 0 && many[1] == Double(sign: .plus, exponent: spread.count, significand: 1))
    }

    @Test("a diagram's support is the variables it depends on, session after session")
    func support() throws {
        // Sessions of different sizes, larger after smaller: BuDDy's own bdd_support keeps a
        // scratch array across sessions, and crashed the next one.
        for variables in [4, 64, 8, 2_000] {
            let found = try DecisionDiagrams.withSession(variables: variables, sizing: Self.small) { diagrams in
                let last = variables - 1
                let formula = diagrams.variable(0) && (diagrams.variable(2) || !diagrams.variable(last))
                return (formula.support, diagrams.set(of: [last, 1]).support, diagrams.true.support, diagrams.false.support,
                        (formula || !formula).support)
            }
            #expect(found.0 == [0, 2, variables - 1])
            #expect(found.1 == [1, variables - 1])
            #expect(found.2 == [] && found.3 == [] && found.4 == [])
        }
    }

    @Test("a full node table is a thrown error, and the next session works")
    func nodeTableFull() throws {
        let tiny = DecisionDiagrams.Sizing(initialNodes: 1_000, maxNodes: 2_000, cacheEntries: 1_000)
        #expect(throws: SymbolicError.self) {
            try DecisionDiagrams.withSession(variables: 64, sizing: tiny) { diagrams throws(SymbolicError) in
                // x_i ⇔ x_(63-i) for every i: exponential in this (bad) order.
                var all = diagrams.true
                for index in 0..<32 { all = all && diagrams.variable(index).equivalent(diagrams.variable(63 - index)) }
                try diagrams.checkpoint()
            }
        }
        let count = try DecisionDiagrams.withSession(variables: 2, sizing: Self.small) { diagrams in
            (diagrams.variable(0) && diagrams.variable(1)).count(over: diagrams.set(of: [0, 1]))
        }
        #expect(count == 1)
    }
}
