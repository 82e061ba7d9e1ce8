import Testing
@testable import TableKit

/// `RowPlacement`'s bisection (`nthFree`) against counting free integers one by one, over every
/// set of taken values below 10.
@Suite struct RowPlacementTests {
    @Test func nthFreeMatchesCounting() {
        for mask in 0..<(1 << 10) {
            let taken = (0..<10).filter { mask & (1 << $0) != 0 }
            let free = (0..<30).filter { !taken.contains($0) }
            for n in 0..<15 {
                #expect(RowPlacement.nthFree(n, skipping: taken) == free[n], "n \(n), taken \(taken)")
            }
        }
    }
}
