import CGLib
import CGtk
import GLibKit

// The GTK, GIO and libadwaita signals Reel reads parameters from, each with
// its C signature written once here (index 0 of the arguments is the
// emitting instance). Signals without parameters are still connected by
// name.

/// A point in a widget's coordinates.
struct WidgetPoint {
    let x: Double
    let y: Double
}

/// A click gesture's press: how many presses in a row, and where.
struct Press {
    let presses: Int
    let point: WidgetPoint
}

/// A key event controller's key, as GDK names it (`GDK_KEY_Escape`).
struct KeyPress {
    let keyval: UInt32
    let modifiers: GdkModifierType

    /// Tab in any of its forms: the key that moves the focus.
    var isTab: Bool {
        let key = Int32(keyval)
        return key == GDK_KEY_Tab || key == GDK_KEY_ISO_Left_Tab || key == GDK_KEY_KP_Tab
    }
}

/// A range's `change-value`: the value asked for, and whether it comes
/// from a drag or click on the trough (a jump) rather than a key or wheel.
struct RangeChange {
    let value: Double
    let isJump: Bool
}

/// A drop target's drop: the dropped value and where.
struct Drop {
    let value: UnsafeMutablePointer<GValue>
    let point: WidgetPoint
}

/// A widget's `query-tooltip`: where the pointer is, and the tooltip to fill.
struct TooltipQuery {
    let x: Int
    let tooltip: OpaquePointer
}

/// The files a `GApplication` is asked to open.
struct OpenedFiles {
    let files: UnsafeMutableRawPointer?
    let count: Int
}

extension Signal where Parameters == Press, Answer == Void {
    /// GtkGestureClick::pressed(n_press, x, y)
    static var pressed: Self {
        Signal("pressed") { Press(presses: Int($0.int(1)), point: WidgetPoint(x: $0.double(2), y: $0.double(3))) }
    }
}

extension Signal where Parameters == WidgetPoint, Answer == Void {
    /// GtkGestureDrag::drag-begin(start_x, start_y)
    static var dragBegin: Self { Signal("drag-begin") { WidgetPoint(x: $0.double(1), y: $0.double(2)) } }
    /// GtkGestureDrag::drag-update(offset_x, offset_y): the offset from the start.
    static var dragUpdate: Self { Signal("drag-update") { WidgetPoint(x: $0.double(1), y: $0.double(2)) } }
    /// GtkGestureDrag::drag-end(offset_x, offset_y)
    static var dragEnd: Self { Signal("drag-end") { WidgetPoint(x: $0.double(1), y: $0.double(2)) } }
    /// GtkEventControllerMotion::motion(x, y)
    static var motion: Self { Signal("motion") { WidgetPoint(x: $0.double(1), y: $0.double(2)) } }
}

extension Signal where Parameters == WidgetPoint, Answer == Bool {
    /// GtkEventControllerScroll::scroll(dx, dy): the handler says whether it took it.
    static var scroll: Self { Signal("scroll") { WidgetPoint(x: $0.double(1), y: $0.double(2)) } }
}

extension Signal where Parameters == WidgetPoint, Answer == GdkDragAction {
    /// GtkDropTarget::motion(x, y): the handler answers the action a drop
    /// there would take (none: 0).
    static var dropMotion: Self {
        Signal("motion", read: { WidgetPoint(x: $0.double(1), y: $0.double(2)) },
               answer: { arguments, action in arguments.setReturn(flags: action.rawValue) })
    }
}

extension Signal where Parameters == Drop, Answer == Bool {
    /// GtkDropTarget::drop(value, x, y): the handler says whether it took it.
    static var drop: Self {
        Signal("drop") {
            Drop(value: $0.pointer(1)!.assumingMemoryBound(to: GValue.self),
                 point: WidgetPoint(x: $0.double(2), y: $0.double(3)))
        }
    }
}

extension Signal where Parameters == KeyPress, Answer == Bool {
    /// GtkEventControllerKey::key-pressed(keyval, keycode, state): the
    /// handler says whether it took the key.
    static var keyPressed: Self {
        Signal("key-pressed") { KeyPress(keyval: $0.uint(1), modifiers: GdkModifierType(rawValue: $0.flags(3))) }
    }
}

extension Signal where Parameters == RangeChange, Answer == Bool {
    /// GtkRange::change-value(scroll, value): true stops GTK from moving the
    /// range itself.
    static var changeValue: Self {
        Signal("change-value") {
            RangeChange(value: $0.double(2), isJump: $0.enumValue(1) == Int32(GTK_SCROLL_JUMP.rawValue))
        }
    }
}

extension Signal where Parameters == TooltipQuery?, Answer == Bool {
    /// GtkWidget::query-tooltip(x, y, keyboard_mode, tooltip): true shows it.
    static var queryTooltip: Self {
        Signal("query-tooltip") { arguments in
            arguments.pointer(4).map { TooltipQuery(x: Int(arguments.int(1)), tooltip: OpaquePointer($0)) }
        }
    }
}

extension Signal where Parameters == Void, Answer == Bool {
    /// GtkWindow::close-request(): true keeps the window open.
    static var closeRequest: Self { Signal("close-request") { _ in () } }
    /// GtkWidget::mnemonic-activate(group_cycling): true when the handler
    /// did what the mnemonic asks.
    static var mnemonicActivate: Self { Signal("mnemonic-activate") { _ in () } }
}

extension Signal where Parameters == Int32, Answer == Void {
    /// GtkNativeDialog::response(response_id), as GtkResponseType.
    static var dialogResponse: Self { Signal("response") { $0.int(1) } }
}

extension Signal where Parameters == String, Answer == Void {
    /// AdwMessageDialog::response(response): the id of the response chosen.
    static var messageResponse: Self { Signal("response") { $0.string(1) ?? "" } }
}

extension Signal where Parameters == Int, Answer == Void {
    /// GtkGridView::activate(position)
    static var itemActivated: Self { Signal("activate") { Int($0.uint(1)) } }
}

extension Signal where Parameters == UnsafeMutableRawPointer, Answer == Void {
    /// GtkSignalListItemFactory::setup(list_item)
    static var listItemSetup: Self { Signal("setup") { $0.pointer(1)! } }
    /// GtkSignalListItemFactory::bind(list_item)
    static var listItemBind: Self { Signal("bind") { $0.pointer(1)! } }
    /// GtkSignalListItemFactory::teardown(list_item)
    static var listItemTeardown: Self { Signal("teardown") { $0.pointer(1)! } }
}

extension Signal where Parameters == OpaquePointer?, Answer == Void {
    /// GSimpleAction::activate(parameter): the GVariant, if the action takes one.
    static var actionActivate: Self { Signal("activate") { $0.pointer(1).map(OpaquePointer.init) } }
    /// GSimpleAction::change-state(value): the GVariant asked for.
    static var actionChangeState: Self { Signal("change-state") { $0.pointer(1).map(OpaquePointer.init) } }
}

extension Signal where Parameters == OpenedFiles, Answer == Void {
    /// GApplication::open(files, n_files, hint)
    static var openFiles: Self { Signal("open") { OpenedFiles(files: $0.pointer(1), count: Int($0.int(2))) } }
}

extension Signal where Parameters == UnsafeMutablePointer<GVariantDict>?, Answer == Int32 {
    /// GApplication::handle-local-options(options): -1 goes on, 0 and up
    /// exit with that status.
    static var handleLocalOptions: Self {
        Signal("handle-local-options", read: { $0.pointer(1)?.assumingMemoryBound(to: GVariantDict.self) },
               answer: { arguments, status in arguments.setReturn(status) })
    }
}
