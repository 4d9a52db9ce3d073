import CGLib
import Foundation
import CGtk
import CShims
import GLibKit
import ReelCore
import ReelMedia
import ReelServices

/// The AdwApplication: command line, app-wide actions and their keys, and the
/// main window's lifetime.
public final class ReelApplication {
    private let app: ObjectRef
    private let settings: Settings?
    private var window: MainWindow?
    private var searchProvider: SearchProvider?
    private var preferences: PreferencesWindow?
    /// The feed for GNOME Shell's search while no window shows one.
    private var backgroundFeed: BackgroundFeed?
    private var settingWatch: SettingWatch?

    public init() {
        ReelApplication.logTraceEvents()
        ReelApplication.chooseRenderer()
        Localization.setUp(domain: AppInfo.gettextDomain, localeDirectory: InstallLocation.data("locale"))
        ReelApplication.registerResources()
        app = ReelApplication.makeApplication()
        settings = Settings(schemaID: AppInfo.id,
                            extraDirectories: [InstallLocation.data("glib-2.0/schemas")].compactMap { $0 })
        ReelApplication.current = self
        addCommandLineOptions()
        app.connect(.handleLocalOptions) { [unowned self] options in self.handleLocalOptions(options) }
        app.connect("startup") { [unowned self] in self.startup() }
        app.connect("activate") { [unowned self] in self.mainWindow().present() }
        app.connect(.openFiles) { [unowned self] opened in self.open(files: opened.files, count: opened.count) }
    }

    /// Trace events also go to GLib's log, for bug reports: failures as
    /// warnings in every run, the rest at debug level. Only the app does
    /// this: the media worker's standard output is its answers.
    private static func logTraceEvents() {
        // GLib names the program in each line; before g_application_run it
        // would say "process".
        g_set_prgname(AppInfo.binary)
        Trace.shared.addSink { name, fields in
            let level: Log.Level = Trace.severity(of: name) == .warning ? .warning : .debug
            Log.write(level, domain: AppInfo.logDomain, Trace.describe(name, fields), fields: ["REEL_EVENT": name])
        }
    }

    /// Before GTK starts: no GPU render node means GL would be software.
    private static func chooseRenderer() {
        let renderNodes = (try? FileManager.default.contentsOfDirectory(atPath: "/dev/dri"))?
            .contains { $0.hasPrefix("renderD") } ?? false
        let settings = RendererChoice.environment(current: ProcessInfo.processInfo.environment,
                                                  hasGPURenderNode: renderNodes)
        for (name, value) in settings { setenv(name, value, 1) }
    }

    /// Runs the main loop until the last window closes or Quit.
    public func run() -> Int32 {
        Trace.shared.event(.launch)
        let status = g_application_run(cast(app.object), CommandLine.argc, CommandLine.unsafeArgv)
        Settings.sync()
        return status
    }

    private var gtkApplication: UnsafeMutablePointer<GtkApplication> { app.cast() }

    private static func registerResources() {
        guard let path = InstallLocation.data("reel/\(AppInfo.id).gresource"), InstallLocation.exists(path),
              let resource = try? GLibError.check({ g_resource_load(path, $0) }) else { return }
        g_resources_register(resource)
        g_resource_unref(resource)
    }

    private func addCommandLineOptions() {
        let application: UnsafeMutablePointer<GApplication> = app.cast()
        g_application_add_main_option(application, "version", 0, G_OPTION_FLAG_NONE, G_OPTION_ARG_NONE,
                                      tr("Show the version and exit"), nil)
        g_application_set_option_context_parameter_string(application, tr("[FILE|URL…]"))
        g_application_set_option_context_summary(application, tr("Watch and record video clips"))
    }

    /// `--version` is answered by the launching process itself; -1 lets
    /// GApplication carry on (activate or open).
    private func handleLocalOptions(_ options: UnsafeMutablePointer<GVariantDict>?) -> Int32 {
        guard let options, g_variant_dict_contains(options, "version") != 0 else { return -1 }
        print("\(AppInfo.binary) \(AppInfo.version)")
        return 0
    }

    private func startup() {
        // Started by the bus (for GNOME Shell's search), Reel stays a while
        // after its last answer: the overview asks again with each key. An
        // app started otherwise still ends as its last window closes.
        let application: UnsafeMutablePointer<GApplication> = app.cast()
        if g_application_get_flags(application).rawValue & G_APPLICATION_IS_SERVICE.rawValue != 0 {
            g_application_set_inactivity_timeout(application, 10_000)
        }
        if let icons = InstallLocation.data("icons"), InstallLocation.exists(icons),
           let display = gdk_display_get_default() {
            gtk_icon_theme_add_search_path(gtk_icon_theme_get_for_display(display), icons)
        }
        do {
            try MediaSystem.initialize()
        } catch {
            FileHandle.standardError.write(Data("reel: GStreamer could not start: \(error)\n".utf8))
        }
        // Hardware decoders first or never, as the setting says; a video
        // opened after a change follows it.
        DecoderRanks.apply(hardware: settings?.bool(.hardwareDecoding) ?? true)
        let watch = SettingWatch(settings)
        watch.on(.hardwareDecoding) { [unowned self] in
            DecoderRanks.apply(hardware: self.settings?.bool(.hardwareDecoding) ?? true)
        }
        settingWatch = watch
        // Said once, where someone who installs packages will look.
        for element in MediaSystem.missingOptionalElements {
            FileHandle.standardError.write(Data("reel: \(CoreText.describe(element))\n".utf8))
        }
        g_set_application_name(AppInfo.name)
        gtk_window_set_default_icon_name(AppInfo.id)
        addActions()
    }

    private func addActions() {
        let actions = ActionGroup<AppAction>(map: app.object)
        actions.add(.open) { [unowned self] in self.mainWindow().chooseFiles() }
        actions.add(.openURL) { [unowned self] in self.mainWindow().askForURL() }
        actions.add(.shortcuts) { [unowned self] in
            // Over the window in use: the mini window's keys are asked for there.
            let window = self.mainWindow()
            let parent = gtk_application_get_active_window(self.gtkApplication) ?? window.gtkWindow
            ShortcutsWindow.present(over: parent, page: window.shortcutPage)
        }
        actions.add(.preferences) { [unowned self] in self.presentPreferences() }
        actions.add(.about) { [unowned self] in AboutWindow.present(over: self.mainWindow().gtkWindow) }

        actions.add(.quit) { [unowned self] in self.quit() }
        actions.checkComplete()
        // Player and strip keys belong to those widgets' own controllers.
        for shortcut in ShortcutTable.all where shortcut.scope == .app || shortcut.scope == .win {
            setAccelerators(shortcut.accelerators, for: shortcut.action)
        }
    }

    /// One Preferences window at a time, over the main window.
    private func presentPreferences() {
        if let preferences { return gtk_window_present(preferences.window.cast()) }
        guard let settings else { return }
        let window = mainWindow()
        let created = PreferencesWindow(over: window.gtkWindow, settings: settings) { [weak window] in
            guard let window else { return nil }
            let cleared = window.clearHistory()
            return { [weak window] in window?.restoreHistory(cleared) }
        }
        // Let go after the signal, not inside it.
        created.window.connect("destroy") { [weak self] in MainContext.soon { self?.preferences = nil } }
        preferences = created
    }

    private func setAccelerators(_ accelerators: [String], for action: String) {
        var cStrings = accelerators.map { UnsafePointer(strdup($0)) }
        cStrings.append(nil)
        defer { cStrings.forEach { free(UnsafeMutableRawPointer(mutating: $0)) } }
        gtk_application_set_accels_for_action(gtkApplication, action, cStrings)
    }

    private func mainWindow() -> MainWindow {
        if let window, window.isAlive { return window }
        let created = MainWindow(application: gtkApplication, settings: settings)
        window = created
        created.onFeedChange = { [weak self, unowned created] in
            self?.searchProvider?.feedChanged(owner: created, library: created.feedLibrary)
        }
        backgroundFeed = nil
        return created
    }

    // MARK: GNOME Shell's search

    /// Called by GApplication before it takes the bus name.
    fileprivate func exportObjects(on connection: OpaquePointer,
                                   error: UnsafeMutablePointer<UnsafeMutablePointer<GError>?>?) -> Bool {
        let provider = SearchProvider(application: app.cast()) { [unowned self] reply in self.supplyFeed(reply) }
        provider.onActivate = { [unowned self] id, timestamp in
            let window = self.mainWindow()
            window.open(address: id)
            gtk_window_present_with_time(window.gtkWindow, timestamp)
        }
        provider.onLaunchSearch = { [unowned self] terms, timestamp in
            let window = self.mainWindow()
            window.search(for: terms.joined(separator: " "))
            gtk_window_present_with_time(window.gtkWindow, timestamp)
        }
        guard provider.register(on: connection, error: error) else { return false }
        searchProvider = provider
        return true
    }

    fileprivate func unexportObjects() {
        searchProvider?.unregister()
        searchProvider = nil
    }

    /// The window's feed when there is one; else the feed loaded without a
    /// window, once its sources have answered (a slow catalog server is
    /// waited for a moment at most: the Shell's overview is waiting).
    private func supplyFeed(_ reply: @escaping (AnyObject, FeedLibrary) -> Void) {
        if let window, window.isAlive { return reply(window, window.feedLibrary) }
        let feed = backgroundFeed ?? BackgroundFeed(settings: settings)
        backgroundFeed = feed
        var answered = false
        let answer = { [weak feed] in
            guard !answered, let feed else { return }
            answered = true
            reply(feed, feed.library)
        }
        feed.whenLoaded(answer)
        if !answered { MainContext.after(milliseconds: 1500, answer) }
    }

    /// Opens what the command line, the desktop or another instance passed.
    private func open(files: UnsafeMutableRawPointer?, count: Int) {
        let window = mainWindow()
        window.present()
        guard let files else { return }
        let list = files.assumingMemoryBound(to: OpaquePointer?.self)
        // `reel a.mp4 b.mkv` plays them in that order.
        window.open(addresses: (0..<count).compactMap { index in
            list[index].flatMap { String(consumingGString: g_file_get_uri($0)) }
        })
    }

    /// Quit keeps the window's size like closing it does.
    private func quit() {
        window?.shutDown()
        g_application_quit(app.cast())
    }
}

// MARK: GObject plumbing

extension ReelApplication {
    /// The process's one application, for GApplication's class functions.
    // Set on the main thread before GApplication runs; its class functions
    // run there too.
    nonisolated(unsafe) private static weak var current: ReelApplication?
    // Written once, by the class's initialisation, before any instance.
    nonisolated(unsafe) private static var parentClass: UnsafeMutablePointer<GApplicationClass>?

    /// An AdwApplication whose `dbus_register` also exports the search
    /// provider: GApplication calls it before it asks for the bus name, so
    /// the object is there when a call queued by D-Bus activation arrives.
    private static let type: GType = {
        var query = GTypeQuery()
        g_type_query(adw_application_get_type(), &query)
        return g_type_register_static_simple(adw_application_get_type(), "ReelApplication", query.class_size, { klass, _ in
            ReelApplication.parentClass = g_type_class_peek_parent(klass)?.assumingMemoryBound(to: GApplicationClass.self)
            let application = klass!.assumingMemoryBound(to: GApplicationClass.self)
            application.pointee.dbus_register = { application, connection, path, error in
                if let chain = ReelApplication.parentClass?.pointee.dbus_register,
                   chain(application, connection, path, error) == 0 { return 0 }
                guard let connection, let current = ReelApplication.current else { return 1 }
                return current.exportObjects(on: connection, error: error) ? 1 : 0
            }
            application.pointee.dbus_unregister = { application, connection, path in
                ReelApplication.current?.unexportObjects()
                ReelApplication.parentClass?.pointee.dbus_unregister?(application, connection, path)
            }
        }, query.instance_size, nil, GTypeFlags(rawValue: 0))
    }()

    /// The id and flags are construction properties, as adw_application_new
    /// gives them: GApplication derives its resource path from the id when
    /// it is constructed (the style sheet and icons are found there).
    fileprivate static func makeApplication() -> ObjectRef {
        var values = [GValue(), GValue()]
        g_value_init(&values[0], reel_type_string())
        g_value_set_string(&values[0], AppInfo.id)
        g_value_init(&values[1], g_application_flags_get_type())
        g_value_set_flags(&values[1], G_APPLICATION_HANDLES_OPEN.rawValue)
        defer { for index in values.indices { g_value_unset(&values[index]) } }
        var names: [UnsafePointer<CChar>?] = [UnsafePointer(strdup("application-id")), UnsafePointer(strdup("flags"))]
        defer { names.forEach { free(UnsafeMutableRawPointer(mutating: $0)) } }
        let object = g_object_new_with_properties(type, 2, &names, values)!
        return ObjectRef(owning: UnsafeMutableRawPointer(object))
    }
}
