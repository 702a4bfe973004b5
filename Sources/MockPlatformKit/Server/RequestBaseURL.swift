import Foundation
import HTTPTypes

/// The base URL a request was addressed to, for absolute URLs when `--public-url` is not set:
/// `Forwarded` (its first element's `proto` and `host`), else `X-Forwarded-Proto` and
/// `X-Forwarded-Host`, else `http://` and `Host`. A phone or emulator then gets URLs it can
/// reach (`http://10.0.2.2:8080/…`, `http://192.168.1.20:8080/…`). Only `http`/`https` and a
/// well-formed host (name, IPv4 or bracketed IPv6, optional port) are taken; `0.0.0.0` becomes
/// `127.0.0.1`, so a URL is never addressed to "any interface".
package enum RequestBaseURL {
    package static let forwarded = HTTPField.Name("Forwarded")!
    package static let forwardedProto = HTTPField.Name("X-Forwarded-Proto")!
    package static let forwardedHost = HTTPField.Name("X-Forwarded-Host")!

    /// The base (scheme and authority, no trailing slash), or nil when the request names no
    /// usable host.
    ///
    /// - Parameter authority: the request's `Host` (HTTP/1) or `:authority`.
    package static func of(_ headers: HTTPFields, authority requestAuthority: String?) -> String? {
        var proto: String?
        var host: String?
        if let element = headers[forwarded]?.split(separator: ",").first {
            for pair in element.split(separator: ";") {
                let parts = pair.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                guard parts.count == 2 else { continue }
                let value = parts[1].trimmingCharacters(in: CharacterSet(charactersIn: "\""))
                switch parts[0].lowercased() {
                case "proto": proto = value
                case "host": host = value
                default: continue
                }
            }
        }
        if host == nil, let forwardedHost = headers[forwardedHost] {
            host = firstValue(forwardedHost)
            proto = proto ?? headers[forwardedProto].map(firstValue)
        }
        if proto == nil, let forwardedProto = headers[forwardedProto] { proto = firstValue(forwardedProto) }
        guard let authority = (host ?? requestAuthority).flatMap(authority) else { return nil }
        let scheme = proto?.lowercased() ?? "http"
        guard scheme == "http" || scheme == "https" else { return nil }
        return "\(scheme)://\(authority)"
    }

    private static func firstValue(_ list: String) -> String {
        String(list.prefix { $0 != "," }).trimmingCharacters(in: .whitespaces)
    }

    /// `host[:port]` when well-formed, with `0.0.0.0` as `127.0.0.1`.
    package static func authority(_ text: String) -> String? {
        guard (1...262).contains(text.utf8.count) else { return nil }
        let hostPart: Substring
        let portPart: Substring?
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]") else { return nil }
            hostPart = text[...close]
            let rest = text[text.index(after: close)...]
            guard rest.isEmpty || rest.hasPrefix(":") else { return nil }
            portPart = rest.isEmpty ? nil : rest.dropFirst()
            guard hostPart.dropFirst().dropLast().allSatisfy({ $0.isHexDigit || $0 == ":" || $0 == "." }) else { return nil }
        } else {
            let pieces = text.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
            hostPart = pieces[0]
            portPart = pieces.count == 2 ? pieces[1] : nil
            guard !hostPart.isEmpty, hostPart.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "." || $0 == "-") })
            else { return nil }
        }
        if let portPart {
            guard (1...5).contains(portPart.count), portPart.allSatisfy({ $0.isASCII && $0.isNumber }), let port = Int(portPart),
                  port <= 65_535 else { return nil }
        }
        let host = hostPart == "0.0.0.0" ? "127.0.0.1" : String(hostPart)
        return portPart.map { "\(host):\($0)" } ?? host
    }
}
