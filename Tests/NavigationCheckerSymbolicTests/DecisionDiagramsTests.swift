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
