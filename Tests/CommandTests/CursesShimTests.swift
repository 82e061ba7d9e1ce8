import Testing
import Terminal

@Suite struct CursesShimTests {
    @Test func shimLinksAndReportsVersion() {
        #expect(CursesInfo.version.hasPrefix("ncurses "))
    }

    @Test func wideCharacterAPIIsCompiledIn() {
        #expect(CursesInfo.hasWideCharacterAPI)
    }
}
