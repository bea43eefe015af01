import XCTest

@testable import VitalsExplorer
@testable import VitalsKit

/// Navigation as pure state: keys in, state out.
final class ExplorerStateTests: XCTestCase {
    private func state(after keys: [ExplorerKey]) -> ExplorerState {
        var state = ExplorerFixtures.state()
        for key in keys { state.apply(key) }
        return state
    }

    private func typed(_ text: String) -> [ExplorerKey] { text.map { .character($0) } }

    func testStartsOnTheFirstScreenWithEveryPillarExpanded() {
        let state = ExplorerFixtures.state()
        XCTAssertEqual(state.selected, .screen("SCREEN_PROTEIN"))
        XCTAssertEqual(state.outline.rows.first?.item, .pillar("healthful_nutrition"))
        XCTAssertEqual(state.outline.screenCount, ExplorerFixtures.catalog.activeScreensInOrder.count)
    }

    func testUpAndDownMoveThroughPillarsAndScreens() {
        XCTAssertEqual(state(after: [.down]).selected, .screen("SCREEN_VEGETABLES"))
        XCTAssertEqual(state(after: [.character("j"), .character("j")]).selected, .screen("SCREEN_FRUITS"))
        XCTAssertEqual(state(after: [.up]).selected, .pillar("healthful_nutrition"))
        XCTAssertEqual(state(after: [.up, .up, .up]).selected, .pillar("healthful_nutrition"), "stops at the top")
        let last = ExplorerFixtures.state().outline.rows.last?.item
        XCTAssertEqual(state(after: [.end]).selected, last)
    }

    func testEnterOnAPillarCollapsesAndExpandsIt() {
        let collapsed = state(after: [.up, .enter])
        XCTAssertTrue(collapsed.collapsed.contains("healthful_nutrition"))
        XCTAssertEqual(collapsed.outline.rows[1].item, .pillar("movement_exercise"))
        XCTAssertEqual(state(after: [.up, .enter, .down]).selected, .pillar("movement_exercise"))
        XCTAssertFalse(state(after: [.up, .enter, .right]).collapsed.contains("healthful_nutrition"))
        XCTAssertTrue(
            state(after: [.left, .left]).collapsed.contains("healthful_nutrition"),
            "← goes from a screen to its pillar, then collapses it")
    }

    func testOpeningAScreenListsItsPrimaryMetric() {
        let open = state(after: [.enter])
        XCTAssertEqual(open.openScreenID, "SCREEN_PROTEIN")
        XCTAssertEqual(open.metricList.map(\.id), ["PROTEIN_GRAMS_DAILY"])
        XCTAssertTrue(open.metricList[0].isPrimary)
        XCTAssertNil(open.screenRequest.focusMetricID)
        XCTAssertEqual(state(after: [.right]).openScreenID, "SCREEN_PROTEIN", "→ opens too")
    }

    func testDrillIntoChildrenAndBackOut() {
        let drilled = state(after: [.enter, .enter])
        XCTAssertEqual(drilled.focusPath, ["PROTEIN_GRAMS_DAILY"])
        XCTAssertEqual(drilled.screenRequest.focusMetricID, "PROTEIN_GRAMS_DAILY")
        XCTAssertTrue(drilled.screenRequest.showChildren)
        XCTAssertEqual(drilled.metricList.map(\.id), ["PROTEIN_PER_MEAL", "PROTEIN_PER_KG", "PROTEIN_7D_AVERAGE"])

        let second = state(after: [.enter, .enter, .down, .enter])
        XCTAssertEqual(second.focusPath, ["PROTEIN_GRAMS_DAILY", "PROTEIN_PER_KG"])
        XCTAssertTrue(second.metricList.isEmpty, "a leaf has no children to list")

        let back = state(after: [.enter, .enter, .down, .enter, .left])
        XCTAssertEqual(back.focusPath, ["PROTEIN_GRAMS_DAILY"])
        XCTAssertEqual(back.selectedMetric?.id, "PROTEIN_PER_KG", "back lands on the metric it came from")
        let out = state(after: [.enter, .enter, .backspace, .backspace])
        XCTAssertNil(out.openScreenID)
        XCTAssertEqual(out.selected, .screen("SCREEN_PROTEIN"))
    }

    func testNestedChildrenInBiometrics() {
        var state = ExplorerFixtures.state()
        state.select(.screen("SCREEN_BIOMETRICS"))
        state.apply(.enter)
        state.apply(.enter)
        let systolic = "BIOMETRICS_BLOOD_PRESSURE_SYSTOLIC"
        let index = try! XCTUnwrap(state.metricList.firstIndex { $0.id == systolic })
        state.move(by: index)
        state.apply(.enter)
        XCTAssertEqual(state.metricList.map(\.id), ["BIOMETRICS_BLOOD_PRESSURE_DIASTOLIC"])
        XCTAssertEqual(state.screenRequest.focusMetricID, systolic)
    }

    func testFilterSelectsProteinAsYouType() {
        let filtering = state(after: [.down, .down] + [.character("/")] + typed("prot"))
        XCTAssertTrue(filtering.isTypingFilter)
        XCTAssertEqual(filtering.filter, "prot")
        XCTAssertEqual(filtering.selected, .screen("SCREEN_PROTEIN"))
        XCTAssertEqual(filtering.outline.rows.map(\.item), [.pillar("healthful_nutrition"), .screen("SCREEN_PROTEIN")])

        let accepted = state(after: [.character("/")] + typed("prot") + [.enter])
        XCTAssertFalse(accepted.isTypingFilter)
        XCTAssertEqual(accepted.filter, "prot", "Enter keeps the filter")
        XCTAssertEqual(
            state(after: [.character("/")] + typed("prot") + [.enter, .enter]).openScreenID, "SCREEN_PROTEIN")
    }

    func testFilterMatchesAliasAndIdAndEscapeClears() {
        XCTAssertEqual(state(after: [.character("/")] + typed("meal_t")).selected, .screen("SCREEN_MEAL_TIMING"))
        XCTAssertEqual(state(after: [.character("/")] + typed("SCREEN_SLE")).selected, .screen("SCREEN_SLEEP"))
        let cleared = state(after: [.character("/")] + typed("slee") + [.escape])
        XCTAssertEqual(cleared.filter, "")
        XCTAssertFalse(cleared.wantsQuit, "Esc while typing clears, it does not quit")
        XCTAssertEqual(cleared.selected, .screen("SCREEN_SLEEP"), "the selection stays")
        let accepted = state(after: [.character("/")] + typed("slee") + [.enter, .escape])
        XCTAssertEqual(accepted.filter, "")
        XCTAssertFalse(accepted.wantsQuit, "Esc clears a kept filter first")
        XCTAssertEqual(state(after: [.character("/")] + typed("prox") + [.backspace, .character("t")]).filter, "prot")
        XCTAssertTrue(state(after: [.character("/")] + typed("q")).wantsQuit == false, "q is text while typing")
    }

    func testRangeCyclesThroughTheSixAndBack() {
        var state = ExplorerFixtures.state()
        var seen: [String] = []
        for _ in 0..<7 {
            state.apply(.character("r"))
            seen.append(state.range?.description ?? "default")
        }
        XCTAssertEqual(seen, ["7d", "30d", "12w", "6m", "1y", "all", "default"])
        state.apply(.character("r"))
        XCTAssertEqual(state.screenRequest.range, .days(7))
    }

    func testUnitsAndColourToggle() {
        XCTAssertEqual(state(after: [.character("u")]).unitSystem, .us)
        XCTAssertEqual(state(after: [.character("u"), .character("u")]).unitSystem, .uk)
        XCTAssertEqual(state(after: [.character("u"), .character("u"), .character("u")]).unitSystem, .metric)
        XCTAssertTrue(state(after: [.character("c")]).colorOn)
        XCTAssertFalse(state(after: [.character("c"), .character("c")]).colorOn)
    }

    func testTabSwitchesPanesAndArrowsScrollTheScreenPane() {
        let screen = state(after: [.tab, .down, .down, .character("j")])
        XCTAssertEqual(screen.focus, .screen)
        XCTAssertEqual(screen.scroll, 3)
        XCTAssertEqual(screen.selected, .screen("SCREEN_PROTEIN"), "the list selection does not move")
        XCTAssertEqual(state(after: [.tab, .tab]).focus, .list)
        XCTAssertEqual(state(after: [.pageDown]).scroll, 27)
        XCTAssertEqual(state(after: [.pageDown, .character("K")]).scroll, 0)
    }

    func testQuitKeys() {
        XCTAssertTrue(state(after: [.character("q")]).wantsQuit)
        XCTAssertTrue(state(after: [.escape]).wantsQuit)
        XCTAssertTrue(state(after: [.interrupt]).wantsQuit)
        XCTAssertTrue(state(after: [.character("/"), .interrupt]).wantsQuit, "Ctrl-C quits even while typing")
    }

    func testHelpOpensAndAnyKeyClosesIt() {
        XCTAssertTrue(state(after: [.character("?")]).showsHelp)
        let closed = state(after: [.character("?"), .down])
        XCTAssertFalse(closed.showsHelp)
        XCTAssertEqual(closed.selected, .screen("SCREEN_PROTEIN"), "the key that closes help does nothing else")
        XCTAssertTrue(state(after: [.character("?"), .character("q")]).wantsQuit)
    }
}

extension ExplorerStateTests {
    func testAFilterWithoutMatchesSelectsNothingUntilCleared() {
        var state = ExplorerFixtures.state()
        for key in [ExplorerKey.character("/"), .character("z"), .character("z"), .character("z")] { state.apply(key) }
        XCTAssertNil(state.selected)
        XCTAssertNil(state.shownScreenID)
        state.apply(.down)
        state.apply(.enter)
        XCTAssertNil(state.openScreenID)
        state.apply(.escape)
        XCTAssertEqual(state.selected, .screen("SCREEN_PROTEIN"))
    }
}
