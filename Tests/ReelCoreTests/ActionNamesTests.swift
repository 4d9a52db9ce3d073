import Foundation
import ReelCore
import XCTest

/// Action names are spelled once, in each scope's enum: the shortcut table
/// names cases (so it cannot name an action that does not exist), and the
/// `.ui` files' buttons and menus are checked against the same cases here.
/// ReelUI registers every case of a scope and says which one it missed
/// (`ActionGroup.checkComplete`, a CRITICAL that fails any UI test).
final class ActionNamesTests: XCTestCase {
    private static let uiFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../data/ui").standardized

    /// Every `action-name` property and menu `action` attribute in the
    /// layout files, with the file it is in.
    private func uiActionNames() throws -> [(file: String, name: String)] {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.uiFolder.path).filter { $0.hasSuffix(".ui") }
        XCTAssertFalse(files.isEmpty, "no .ui files in \(Self.uiFolder.path)")
        let pattern = try NSRegularExpression(pattern: #"<(?:property name="action-name"|attribute name="action")[^>]*>([^<]+)<"#)
        return try files.sorted().flatMap { file -> [(file: String, name: String)] in
            let text = try String(contentsOf: Self.uiFolder.appendingPathComponent(file), encoding: .utf8)
            return pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap { match in
                Range(match.range(at: 1), in: text).map { (file, String(text[$0])) }
            }
        }
    }

    func testEveryActionALayoutFileNamesIsACaseOfItsScope() throws {
        let names = try uiActionNames()
        XCTAssertGreaterThan(names.count, 20, "the layout files name actions: the reader found too few")
        for (file, name) in names {
            let parts = name.split(separator: ".", maxSplits: 1).map(String.init)
            guard parts.count == 2, let scope = ActionScope(rawValue: parts[0]) else {
                XCTFail("\(file): \(name) has no known scope")
                continue
            }
            XCTAssertTrue(scope.actionNames.contains(parts[1]), "\(file): \(name) is no case of the \(scope) actions")
        }
    }

    func testTheShortcutTableNamesCasesOfItsScopes() {
        for shortcut in ShortcutTable.all {
            XCTAssertTrue(shortcut.scope.actionNames.contains(shortcut.actionName), shortcut.action)
            XCTAssertEqual(shortcut.action, "\(shortcut.scope.rawValue).\(shortcut.actionName)")
        }
    }

    func testNamesAreValidGActionNamesAndUniqueInTheirScope() {
        for scope in ActionScope.allCases {
            let names = scope.actionNames
            XCTAssertFalse(names.isEmpty, "\(scope)")
            XCTAssertEqual(Set(names).count, names.count, "\(scope) has a name twice")
            for name in names {
                XCTAssertTrue(name.allSatisfy { $0.isASCII && ($0.isLowercase || $0.isNumber || $0 == "-") }, "\(scope).\(name)")
            }
        }
    }

    func testTheMiniWindowsKeysStandForThePlayersActions() {
        // Same keys, so the mini window answers as the player would.
        for action in MiniWindowAction.allCases {
            guard let player = action.playerAction else { continue }
            XCTAssertEqual(action.rawValue, player.rawValue)
            XCTAssertEqual(ShortcutTable.shortcut(for: action)?.accelerators, ShortcutTable.shortcut(for: player)?.accelerators,
                           action.detailedName)
        }
        XCTAssertNil(MiniWindowAction.close.playerAction, "the mini window's close is its own, not the player's")
        XCTAssertNil(MiniWindowAction.backToPlayer.playerAction)
        XCTAssertEqual(PlayerAction.mute.detailedName, "player.mute")
    }
}
