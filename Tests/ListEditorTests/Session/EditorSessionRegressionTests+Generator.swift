import Testing
import TestSupport

/// Sessions the generator's new steps found (issue 25, rev25d defect 3: the board, selection
/// moves, `o` `O`, a mouse drag, save-as; the Kanban files of the corpus), kept as regression
/// tests or, while open, as known issues that fail once fixed.
extension EditorSessionRegressionTests {
    /// Save as `list.txt` (the editor then holds the list as written: one flat list), then as
    /// `other.md`. At the end, undo to the start and a save gave the original bytes back, but
    /// redo to the end and the save were refused, leaving `other.md` with the original's
    /// headings: the redone rows, read from `list.txt`, were taken for blocks of a Markdown
    /// version (tabs.md; awesome.md likewise). Now written as new rows
    /// (`MarkdownDocumentTests.rowsReadFromPlainTextAreNewRowsInMarkdown`).
    @Test func redoToTheEndAfterSavingAsPlainTextAndBack() {
        expectSession("tabs.md", [.saveAs("list.txt"), .saveAs("other.md")])
        expectSession("awesome.md", [.saveAs("list.txt"), .saveAs("other.md")])
    }
}

/// Open bugs the new steps found in `make test`'s sessions (each kind in
/// `EditorSessionTests.openKinds`), reduced by the shrinker; known issues until fixed.
extension EditorSessionRegressionTests {
    /// A selection moved to the previous lane with `H` lands after the Done lane's `***` (the
    /// archive's break), which then no longer ends the lane (archive.md).
    @Test func aSelectionMovedAcrossLanesStaysAboveTheArchiveBreak() {
        withKnownIssue("H on a selection puts cards after ***") {
            expectSession("archive.md", [.down(2), .moveDown, .up(2), .filter("e"), .editDelete, .selectionLaneMove(2, right: false)])
        }
    }

    /// A card copied, the cursor moved to the last lane's ending passages, and `P`: the card is
    /// pasted after `%% kanban:settings` (windows.md).
    @Test func aCardPastedBeforeOnTheSettingsBlockStaysAboveIt() {
        withKnownIssue("P among the ending passages pastes after the settings block") {
            expectSession("windows.md", [.copy, .down(4), .laneMove(true), .down(4), .pasteBefore])
        }
    }

    /// Rows moved and deleted on the board and in the list around awesome.md's Resources: the
    /// saved file wrote `- [Python Weekly]`, which stayed in its `*` list (its neighbour kept,
    /// the first of its list that stayed before and after): it took the marker of rows moved in
    /// (rev25d defect 2's shape, left in another case). `[Archive]`, outdented above it, made it
    /// one of two rows that may have stayed, so none did; a row at another level than its
    /// block's now moved (`MarkdownDocumentTests.aRowThatStayedKeepsItsMarkerBesideARowOutdented`).
    @Test func aRowThatStayedKeepsItsListsMarker() {
        expectSession("awesome.md", [.board, .filter("e"), .moveDown, .delete, .save, .expand, .expand, .moveUp, .down(2), .delete,
                                     .moveUp, .collapse, .down(4), .down(1), .down(2), .delete, .moveUp, .filter("a"), .moveDown])
    }

    /// Save as `list.txt` (the list as written: flat), undo (the sections come back, unsaved),
    /// a crash: the restored table had `## [Unreleased]` at level 1 where level 2 was shown
    /// (CHANGELOG.md): a restore took the levels the edits had only from a Markdown file's
    /// headings (`RecoveryFileTests.aRestoreKeepsTheEditsHeadingLevelsInPlainText`).
    @Test func aRestoreInPlainTextKeepsHeadingLevels() {
        expectSession("CHANGELOG.md", [.saveAs("list.txt"), .undo, .crash])
    }

    /// A drag with a filter on the board: undo to the start and a save do not give the original
    /// bytes back (blank lines between lanes differ; windows.md, CRLF).
    @Test func undoToTheStartAfterAFilteredDragOnTheBoard() {
        withKnownIssue("undo to the start changes blank lines between lanes") {
            expectSession("windows.md", [.filter("t"), .up(2), .editDelete, .drag([true, false, true])])
        }
    }

    /// `B` twice, a filter, a drag up: the final save is refused, "the untitled first section
    /// … must stay first in the file": the drag moved a row above the front matter's section
    /// (windows.md).
    @Test func aFilteredDragKeepsTheFrontMatterFirst() {
        withKnownIssue("a filtered drag puts a row before the front matter's section") {
            expectSession("windows.md", [.board, .board, .filter("py"), .drag([false]), .collapse, .filter("a")])
        }
    }
}
