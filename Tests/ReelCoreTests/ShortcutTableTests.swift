import XCTest
@testable import ReelCore

final class ShortcutTableTests: XCTestCase {
    func testActionsAreScopedAndUnique() {
        let actions = ShortcutTable.all.map(\.action)
        XCTAssertEqual(Set(actions).count, actions.count, "an action is listed twice")
        for shortcut in ShortcutTable.all {
            XCTAssertTrue(ActionScope.allCases.contains(shortcut.scope), "\(shortcut.action) has no known scope")
            if let arguments = shortcut.arguments { XCTAssertEqual(arguments.count, shortcut.accelerators.count) }
            XCTAssertFalse(shortcut.actionName.isEmpty)
            // GAction names: letters, digits, '-' and '.'.
            XCTAssertTrue(shortcut.actionName.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == ".") },
                          "\(shortcut.action) is not a valid GAction name")
        }
    }

    func testNoKeyIsBoundTwiceInOneScope() {
        // The strip's keys act only while it has the focus, the mini
        // window's only in that window, the camera's only on its page; so
        // (the feed's while it has the focus, the movie page's on it)
        // they may share a key (Space) with the player and each other, but
        // not with the app's keys, which work in every window.
        let local: Set<ActionScope> = [.strip, .pip, .camera, .feed, .movie]
        for scope in Set(ShortcutTable.all.map(\.scope)) {
            let keys = ShortcutTable.all.filter { other in
                if local.contains(scope) { return other.scope == scope || other.scope == .app }
                return !local.contains(other.scope)
            }.flatMap(\.accelerators).map { $0.lowercased() }
            XCTAssertEqual(Set(keys).count, keys.count, "two actions share a key in \(scope): \(keys)")
        }
    }

    func testEveryShortcutHasAKeyAndATitle() {
        for shortcut in ShortcutTable.all {
            XCTAssertFalse(shortcut.accelerators.isEmpty, "\(shortcut.action) has no key")
            XCTAssertFalse(shortcut.title.isEmpty, "\(shortcut.action) has no title")
            for key in shortcut.accelerators {
                // GTK accelerator syntax: modifiers in <>, then one key name.
                let keyName = key.replacingOccurrences(of: "<[A-Za-z]+>", with: "", options: .regularExpression)
                XCTAssertFalse(keyName.isEmpty || keyName.contains("<") || keyName.contains(" "), "bad accelerator \(key)")
            }
        }
    }

    func testTheBasicsAreBound() {
        XCTAssertEqual(ShortcutTable.shortcut(for: AppAction.quit)?.accelerators, ["<Control>q"])
        XCTAssertEqual(ShortcutTable.shortcut(for: AppAction.shortcuts)?.accelerators, ["<Control>question"])
        XCTAssertEqual(ShortcutTable.shortcut(for: AppAction.open)?.accelerators, ["<Control>o"])
        XCTAssertEqual(ShortcutTable.shortcut(for: AppAction.openURL)?.accelerators, ["<Control>l"])
        XCTAssertNil(ShortcutTable.shortcut(for: AppAction.about))
    }

    func testSectionsListOnlyUsedOnesInOrder() {
        XCTAssertEqual(ShortcutTable.sections, ShortcutSection.allCases.filter { s in ShortcutTable.all.contains { $0.section == s } })
        XCTAssertEqual(ShortcutTable.sections.first, .general)
    }

    /// GtkShortcutsSection fills columns of `max-height` rows (18 in
    /// ShortcutsWindow; a group's title counts as one) with whole groups in
    /// order, two columns to a page, and pages beyond the first hide behind
    /// small page buttons. Each of our pages must fit on one.
    func testEachPageFitsTwoColumnsOfEighteenRows() {
        for page in ShortcutPage.allCases {
            var columns = [0]
            for section in ShortcutTable.sections where section.page == page {
                let rows = ShortcutTable.all.filter { $0.section == section }.count + 1
                if columns[columns.count - 1] + rows > 18 { columns.append(0) }
                columns[columns.count - 1] += rows
            }
            XCTAssertLessThanOrEqual(columns.count, 2, "the \(page) page needs \(columns.count) columns: \(columns)")
        }
    }
}
