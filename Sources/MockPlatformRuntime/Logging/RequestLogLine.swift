import Logging

/// One request's log line, as its parts: `<method> <path> <status> <ms> ms <tenant>` with the
/// route template and module as metadata. The front door hands it to `Logger.log(request:)`,
/// so a handler that writes the line itself (`RequestLineHandler`) needs no message
/// interpolation and no metadata dictionary; any other handler gets the same record through
/// `log(event:)`.
package struct RequestLogLine: Sendable {
    package var method: String
    package var path: String
    package var status: Int
    package var elapsed: Duration
    /// The tenant the request was for; `-` in the line when it named none.
    package var tenant: String?
    /// The route template (`unmatched` when no route matched).
    package var route: String
    /// The API the request was for (`none` when no route matched).
    package var module: String

    package init(method: String, path: String, status: Int, elapsed: Duration, tenant: String?, route: String, module: String) {
        self.method = method
        self.path = path
        self.status = status
        self.elapsed = elapsed
        self.tenant = tenant
        self.route = route
        self.module = module
    }

    /// The line's message.
    package var message: String {
        var text = ""
        text.reserveCapacity(method.utf8.count + path.utf8.count + 40)
        forEachPartOfMessage { text += $0 }
        return text
    }

    /// Calls `body` with each part of the message in turn (`GET`, ` `, the path, …), so a
    /// handler writes it where it wants it without first making it a string.
    package func forEachPartOfMessage(_ body: (String) -> Void) {
        body(method)
        body(" ")
        body(path)
        body(" ")
        body(String(status))
        body(" ")
        body(Self.milliseconds(elapsed))
        body(" ms ")
        body(tenant ?? "-")
    }

    /// The line's metadata.
    package var metadata: Logger.Metadata { ["route": .string(route), "module": .string(module)] }

    /// `elapsed` in milliseconds with one decimal (`0.4`, `12.0`), rounded half up.
    package static func milliseconds(_ elapsed: Duration) -> String {
        let (seconds, attoseconds) = elapsed.components
        let tenths = Int(max(0, seconds * 10_000 + (attoseconds + 50_000_000_000_000) / 100_000_000_000_000))
        // Written digit by digit into a small string: no number-to-text conversion, no joining.
        return String(unsafeUninitializedCapacity: 24) { buffer in
            var count = 0
            func put(_ digit: Int) {
                buffer[count] = UInt8(ascii: "0") + UInt8(digit)
                count += 1
            }
            let whole = tenths / 10
            var divisor = 1
            while divisor <= whole / 10 { divisor *= 10 }
            while divisor > 0 {
                put(whole / divisor % 10)
                divisor /= 10
            }
            buffer[count] = UInt8(ascii: ".")
            count += 1
            put(tenths % 10)
            return count
        }
    }
}

/// A log handler that writes the request log line from its parts (`LogLineHandler`).
package protocol RequestLineHandler: LogHandler {
    /// Writes `line` at `level` (already checked against the logger's level) from `source`.
    func log(request line: RequestLogLine, level: Logger.Level, source: String)
}

extension Logger {
    /// Logs `line` at `level`: written from its parts when the handler knows how
    /// (`RequestLineHandler`), as an ordinary record otherwise.
    package func log(request line: RequestLogLine, level: Logger.Level, source: String) {
        guard logLevel <= level else { return }
        // The server's own handler first: a cast to a concrete type compares one pointer, where
        // the cast to the protocol searches conformances (0.4 % of a kept read's samples).
        if let lines = handler as? FlushingLogHandler<LogLineHandler> {
            lines.log(request: line, level: level, source: source)
        } else if let lines = handler as? any RequestLineHandler {
            lines.log(request: line, level: level, source: source)
        } else {
            log(level: level, "\(line.message)", metadata: line.metadata, source: source)
        }
    }
}
