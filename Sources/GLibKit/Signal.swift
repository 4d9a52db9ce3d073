/// A GObject signal by name, with how its parameters are read and how a
/// handler's answer is returned. Handlers then take named, typed values
/// (`click.presses`, `key.keyval`) rather than reading GValues by position,
/// and a signal's signature is written once, where it is defined (the
/// toolkit's signals are in ReelUI's `Signal+Gtk`).
public struct Signal<Parameters, Answer> {
    public let name: String
    let read: (SignalArguments) -> Parameters
    let answer: (SignalArguments, Answer) -> Void

    public init(_ name: String, read: @escaping (SignalArguments) -> Parameters,
                answer: @escaping (SignalArguments, Answer) -> Void) {
        self.name = name
        self.read = read
        self.answer = answer
    }
}

extension Signal where Answer == Void {
    /// A signal that returns nothing.
    public init(_ name: String, read: @escaping (SignalArguments) -> Parameters) {
        self.init(name, read: read, answer: { _, _ in })
    }
}

extension Signal where Answer == Bool {
    /// A signal whose handler says whether it took the event (`key-pressed`,
    /// `drop`, `query-tooltip`, `change-value`).
    public init(_ name: String, read: @escaping (SignalArguments) -> Parameters) {
        self.init(name, read: read, answer: { arguments, handled in arguments.setReturn(handled) })
    }
}

extension Signals {
    /// Connects `handler` to a typed signal for as long as the object lives.
    @discardableResult
    public static func connect<Parameters, Answer>(_ instance: UnsafeMutableRawPointer, _ signal: Signal<Parameters, Answer>,
                                                   after: Bool = false,
                                                   _ handler: @escaping (Parameters) -> Answer) -> SignalConnection {
        connect(instance, signal.name, after: after) { (arguments: SignalArguments) in
            signal.answer(arguments, handler(signal.read(arguments)))
        }
    }

    @discardableResult
    public static func connect<Parameters, Answer>(_ instance: OpaquePointer, _ signal: Signal<Parameters, Answer>,
                                                   after: Bool = false,
                                                   _ handler: @escaping (Parameters) -> Answer) -> SignalConnection {
        connect(UnsafeMutableRawPointer(instance), signal, after: after, handler)
    }
}

extension ObjectRef {
    /// Connects `handler` to a typed signal until this owner goes.
    @discardableResult
    public func connect<Parameters, Answer>(_ signal: Signal<Parameters, Answer>, after: Bool = false,
                                            _ handler: @escaping (Parameters) -> Answer) -> SignalConnection {
        connect(signal.name, after: after) { (arguments: SignalArguments) in
            signal.answer(arguments, handler(signal.read(arguments)))
        }
    }
}
