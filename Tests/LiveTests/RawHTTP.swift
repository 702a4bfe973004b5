import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Bytes sent to the live server exactly as given, over a plain TCP socket: what URLSession
/// refuses to send (a control character in a header value) or would repair.
enum RawHTTP {
    /// Sends `request` to 127.0.0.1:`port` and returns everything the server wrote until it
    /// closed the connection (at most `timeout` seconds). A slow reader starts reading
    /// `readingAfter` seconds after sending, through a receive buffer of `receiveBuffer` bytes.
    static func exchange(
        _ request: [UInt8], port: Int, timeout: TimeInterval = 5, readingAfter: TimeInterval = 0, receiveBuffer: Int32? = nil
    ) throws -> String {
        try exchange(parts: [request], pause: 0, port: port, timeout: timeout, readingAfter: readingAfter, receiveBuffer: receiveBuffer)
    }

    /// Sends `parts` one after the other with `pause` seconds between them (a slow client),
    /// then returns everything the server wrote until it closed the connection.
    static func exchange(
        parts: [[UInt8]], pause: TimeInterval, port: Int, timeout: TimeInterval = 5, readingAfter: TimeInterval = 0,
        receiveBuffer: Int32? = nil
    ) throws -> String {
        let descriptor = try connected(port: port, receiveBuffer: receiveBuffer)
        defer { close(descriptor) }
        var wait = timeval(tv_sec: Int(timeout), tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &wait, socklen_t(MemoryLayout<timeval>.size))
        for (index, part) in parts.enumerated() {
            if index > 0 { Thread.sleep(forTimeInterval: pause) }
            guard part.withUnsafeBytes({ send(descriptor, $0.baseAddress, $0.count, 0) }) == part.count else {
                throw LiveServerError("send() failed")
            }
        }
        Thread.sleep(forTimeInterval: readingAfter)
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { break }
            received += buffer[..<count]
        }
        return String(decoding: received, as: UTF8.self)
    }

    /// A TCP socket connected to 127.0.0.1:`port`, with a receive buffer of `receiveBuffer`
    /// bytes when given; the caller closes it.
    static func connected(port: Int, receiveBuffer: Int32? = nil) throws -> Int32 {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw LiveServerError("socket() failed") }
        if var size = receiveBuffer { setsockopt(descriptor, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size)) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            close(descriptor)
            throw LiveServerError("connect() failed")
        }
        return descriptor
    }
}
