extension SettingRule where Value == String {
    /// A Wallet pass type id: `pass.` and then ASCII letters, digits, `.` and `-`, at most 255
    /// characters in all.
    static var passTypeID: Self {
        Self(
            rule: "must be a pass type id: pass. followed by letters, digits, . and -",
            read: { json in
                guard case .string(let text) = json, text.hasPrefix("pass."), text.count > 5, text.count <= 255,
                      text.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "." || $0 == "-") })
                else { return nil }
                return text
            },
            write: JSONValue.string
        )
    }
}
