@testable import NavGraphCommand
@testable import NavigationChecker
import NavigationCore
import Testing

@Suite("trace --property lookup")
struct TracePropertyLookupTests {
    @Test("trace --property finds a verdict by each registered kind's id and name", arguments: PropertyRegistry.kinds)
    func everyKind(_ kind: PropertyKind) {
        let name = kind == .invariant ? "cart below home" : kind.name
        let verdict = PropertyVerdict<DynamicRoute>(kind: kind, name: name, status: .failed, message: "", trace: nil, location: nil)
        #expect(NavGraphCommand.Trace.isCalled(verdict, kind.id))
        #expect(NavGraphCommand.Trace.isCalled(verdict, kind.name))
        #expect(NavGraphCommand.Trace.isCalled(verdict, name))
        #expect(!NavGraphCommand.Trace.isCalled(verdict, "no such property"))
    }
}
