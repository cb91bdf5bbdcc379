import IndoorConfiguration

extension OptionSpec {
    /// An option that sets the tunable of `C` stored at `keyPath`. Its kind (a whole number or a number),
    /// range and default are the tunable's table's and ``TunableConfiguration/standard``'s, so the option
    /// restates none of them; `defaultText` replaces the default where the command's own differs (e.g.
    /// "from the registry").
    ///
    /// A key path the table does not list is a programming error (every command's options are built when
    /// its help is printed, which the CLI tests do for every command).
    public static func tunable<C: TunableConfiguration>(
        _ keyPath: PartialKeyPath<C>, _ name: String, _ placeholder: String, _ help: String, defaultText: String? = nil,
        example: String? = nil
    ) -> OptionSpec {
        guard let tunable = C.tunable(at: keyPath), tunable.kind != .flag else {
            preconditionFailure("\(C.configurationName) has no numeric tunable at \(keyPath)")
        }
        let range = tunable.range
        let value = defaultText == nil ? tunable.value(in: C.standard) : nil
        if tunable.kind == .wholeNumber {
            let closed = range.upperIsOpen ? nil : Int(range.lowerBound)...Int(range.upperBound)
            return integer(name, placeholder, help, in: closed, default: value.map { Int($0) }, defaultText: defaultText, example: example)
        }
        let closed = range.upperIsOpen ? nil : range.lowerBound...range.upperBound
        return number(name, placeholder, help, in: closed, default: value, defaultText: defaultText, example: example)
    }
}
