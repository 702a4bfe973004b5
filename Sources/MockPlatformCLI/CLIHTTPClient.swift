import AsyncHTTPClient
import Foundation
import NIOCore
import NIOPosix

/// The HTTP client of `trigger` and `listen`: connecting takes at most two seconds and a refused
/// connection fails at once (AsyncHTTPClient's pool would otherwise retry it until the request's
/// deadline, 30 s), so a missing server is reported while the user still waits.
enum CLIHTTPClient {
    /// One client for the process, never shut down (AsyncHTTPClient traps when a client is
    /// released unclosed).
    static let shared: HTTPClient = {
        var configuration = HTTPClient.Configuration()
        configuration.timeout = .init(connect: .seconds(2))
        configuration.connectionPool.retryConnectionEstablishment = false
        return HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }()

    /// Why a request could not reach its server, in a few words (`connection refused`).
    static func reason(_ error: any Error) -> String {
        if let error = error as? HTTPClientError, error == .connectTimeout || error == .deadlineExceeded {
            return "no answer within 2 s"
        }
        if let error = error as? ChannelError, case .connectTimeout = error { return "no answer within 2 s" }
        if let error = error as? NIOConnectionError {
            return error.connectionErrors.first.map { reason($0.error) } ?? (error.dnsAAAAError ?? error.dnsAError).map(reason) ?? "\(error)"
        }
        if let error = error as? IOError {
            switch error.errnoCode {
            case ECONNREFUSED: return "connection refused"
            case ECONNRESET: return "connection reset"
            case EHOSTUNREACH, ENETUNREACH: return "host unreachable"
            default: return String(cString: strerror(error.errnoCode))
            }
        }
        if "\(error)".contains("UnknownHost") { return "unknown host" }
        return "\(error)"
    }
}
