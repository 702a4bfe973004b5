/// US state, district, territory and military codes with their English names.
package enum USState {
    /// The 50 states and DC: the only codes IQL accepts as a driver's `state`.
    package static let statesAndDC: [String: String] = [
        "AL": "Alabama", "AK": "Alaska", "AZ": "Arizona", "AR": "Arkansas", "CA": "California",
        "CO": "Colorado", "CT": "Connecticut", "DE": "Delaware", "DC": "District of Columbia",
        "FL": "Florida", "GA": "Georgia", "HI": "Hawaii", "ID": "Idaho", "IL": "Illinois",
        "IN": "Indiana", "IA": "Iowa", "KS": "Kansas", "KY": "Kentucky", "LA": "Louisiana",
        "ME": "Maine", "MD": "Maryland", "MA": "Massachusetts", "MI": "Michigan", "MN": "Minnesota",
        "MS": "Mississippi", "MO": "Missouri", "MT": "Montana", "NE": "Nebraska", "NV": "Nevada",
        "NH": "New Hampshire", "NJ": "New Jersey", "NM": "New Mexico", "NY": "New York",
        "NC": "North Carolina", "ND": "North Dakota", "OH": "Ohio", "OK": "Oklahoma", "OR": "Oregon",
        "PA": "Pennsylvania", "RI": "Rhode Island", "SC": "South Carolina", "SD": "South Dakota",
        "TN": "Tennessee", "TX": "Texas", "UT": "Utah", "VT": "Vermont", "VA": "Virginia",
        "WA": "Washington", "WV": "West Virginia", "WI": "Wisconsin", "WY": "Wyoming",
    ]

    /// Codes that ZIPs can carry but drivers cannot: territories and military post offices.
    package static let otherPostalCodes: [String: String] = [
        "AS": "American Samoa", "FM": "Federated States of Micronesia", "GU": "Guam",
        "MH": "Marshall Islands", "MP": "Northern Mariana Islands", "PR": "Puerto Rico",
        "PW": "Palau", "VI": "U.S. Virgin Islands",
        "AA": "Armed Forces Americas", "AE": "Armed Forces Europe", "AP": "Armed Forces Pacific",
    ]

    /// The English name of any postal code the ZIP table can hold.
    package static func name(of code: String) -> String? {
        statesAndDC[code] ?? otherPostalCodes[code]
    }

    /// True for the 50 states and DC.
    package static func isStateOrDC(_ code: String) -> Bool { statesAndDC[code] != nil }
}
