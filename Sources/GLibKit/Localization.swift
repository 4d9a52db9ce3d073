import CGLib

/// gettext for the app's own domain. Call `setUp` once before any string is
/// shown; `tr` then returns the translation for the user's language.
public enum Localization {
    // Set once by `setUp` at start-up, before any thread reads it.
    nonisolated(unsafe) private static var domain = "reel"

    public static func setUp(domain: String, localeDirectory: String?) {
        Localization.domain = domain
        setlocale(LC_ALL, "")
        if let localeDirectory { bindtextdomain(domain, localeDirectory) }
        bind_textdomain_codeset(domain, "UTF-8")
        textdomain(domain)
    }

    // Without a translation gettext returns the msgid pointer itself, so the
    // result must be copied while the msgid's C string is still alive.
    static func translate(_ msgid: String) -> String {
        msgid.withCString { String(cString: g_dgettext(domain, $0)) }
    }

    static func translate(_ singular: String, _ plural: String, _ count: Int) -> String {
        singular.withCString { one in
            plural.withCString { many in
                String(cString: g_dngettext(domain, one, many, gulong(max(count, 0))))
            }
        }
    }
}

/// The translation of `msgid` (xgettext keyword `tr`).
public func tr(_ msgid: String) -> String { Localization.translate(msgid) }

/// The singular or plural translation for `count` (xgettext keyword `ntr:1,2`).
public func ntr(_ singular: String, _ plural: String, _ count: Int) -> String {
    Localization.translate(singular, plural, count)
}
