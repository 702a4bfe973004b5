import HTTPTypes

/// Refuses a state-changing control request (POST, PUT, PATCH, DELETE) that a browser sent
/// from another origin: its `Origin` names neither the server's public URL nor the request's
/// own `Host` (`openapi/control.yaml`, "Limits and hostile input"). A request without `Origin`
/// (curl, test code) passes, so does every read.
package struct CrossOriginGuard: RequestGuard {
    /// `--public-url`, or the address the server listens on.
    package let publicURL: PublicBaseURL

    package init(publicURL: PublicBaseURL) {
        self.publicURL = publicURL
    }

    package static let refusal = APIError(.forbidden, "cross-origin request refused", limit: .crossOrigin)

    package func check(_ request: HTTPRequest, path: String, settings: TenantSettings) throws(APIError) {
        guard [.post, .put, .patch, .delete].contains(request.method), let origin = request.headerFields[.origin] else { return }
        let given = Self.normalized(origin)
        var own = [Self.normalized(publicURL.string)]
        if let host = request.authority {
            own += [Self.normalized("http://" + host), Self.normalized("https://" + host)]
        }
        guard let given, own.contains(given) else { throw Self.refusal }
    }

    /// `scheme://host[:port]`, lower case, without a default port or a path; nil when `text` is
    /// not such an origin (`null`, for one).
    package static func normalized(_ text: String) -> String? {
        let lowered = text.lowercased()
        guard let separator = lowered.range(of: "://") else { return nil }
        let scheme = lowered[..<separator.lowerBound]
        var authority = lowered[separator.upperBound...].prefix { $0 != "/" }
        guard scheme == "http" || scheme == "https", !authority.isEmpty else { return nil }
        let defaultPort = scheme == "http" ? ":80" : ":443"
        if authority.hasSuffix(defaultPort) { authority = authority.dropLast(defaultPort.count) }
        return "\(scheme)://\(authority)"
    }
}
