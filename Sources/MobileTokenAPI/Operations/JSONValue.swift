public import QRAuthEncoding

/// Any JSON value: `QRAuthEncoding`'s one `JSONValue`, named here so a user of the wire model needs no other import.
public typealias JSONValue = QRAuthEncoding.JSONValue
