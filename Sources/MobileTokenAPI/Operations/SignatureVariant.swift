public import OfflineOperations

/// A variant of `AllowedSignatureType` is one of its `variantTypes`, a `SignatureType`.
@available(*, deprecated, renamed: "SignatureType")
public typealias SignatureVariant = SignatureType
