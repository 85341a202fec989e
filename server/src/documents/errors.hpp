#pragma once

#include "core/error_code.hpp"

namespace dossier::documents::errors {

inline constexpr ErrorCode kAlreadyCheckedOut{"documents.already_checked_out", ErrorKind::Conflict};
inline constexpr ErrorCode kAlreadyCurrent{"documents.already_current", ErrorKind::Conflict};
inline constexpr ErrorCode kBlobMissing{"documents.blob_missing", ErrorKind::Internal};
inline constexpr ErrorCode kChangeDenied{"documents.change_denied", ErrorKind::Forbidden};
inline constexpr ErrorCode kChanged{"documents.changed", ErrorKind::Conflict};
inline constexpr ErrorCode kCheckedOut{"documents.checked_out", ErrorKind::Conflict};
inline constexpr ErrorCode kChecksumAlgorithm{"documents.checksum_algorithm",
                                              ErrorKind::BadRequest};
inline constexpr ErrorCode kChecksumMalformed{"documents.checksum_malformed",
                                              ErrorKind::BadRequest};
inline constexpr ErrorCode kChecksumMismatch{"documents.checksum_mismatch",
                                             ErrorKind::ChecksumMismatch};
inline constexpr ErrorCode kCommentRequired{"documents.comment_required", ErrorKind::BadRequest};
inline constexpr ErrorCode kDeleteCheckedOut{"documents.delete_checked_out", ErrorKind::Conflict};
inline constexpr ErrorCode kDiskFull{"documents.disk_full", ErrorKind::InsufficientStorage};
inline constexpr ErrorCode kFieldType{"documents.field_type", ErrorKind::BadRequest};
inline constexpr ErrorCode kFileEmpty{"documents.file_empty", ErrorKind::BadRequest};
inline constexpr ErrorCode kFileNameInvalid{"documents.file_name_invalid", ErrorKind::BadRequest};
inline constexpr ErrorCode kFileNameMissing{"documents.file_name_missing", ErrorKind::BadRequest};
inline constexpr ErrorCode kFileNameTooLong{"documents.file_name_too_long", ErrorKind::BadRequest};
inline constexpr ErrorCode kFileNotExpected{"documents.file_not_expected", ErrorKind::BadRequest};
inline constexpr ErrorCode kFileRequired{"documents.file_required", ErrorKind::BadRequest};
inline constexpr ErrorCode kFileTooLarge{"documents.file_too_large", ErrorKind::PayloadTooLarge};
inline constexpr ErrorCode kFileType{"documents.file_type", ErrorKind::UnsupportedMediaType};
inline constexpr ErrorCode kFileTypeMismatch{"documents.file_type_mismatch",
                                             ErrorKind::UnsupportedMediaType};
inline constexpr ErrorCode kFileUnreadable{"documents.file_unreadable",
                                           ErrorKind::UnsupportedMediaType};
inline constexpr ErrorCode kHiddenCharacter{"documents.hidden_character", ErrorKind::BadRequest};
inline constexpr ErrorCode kInvalid{"documents.invalid", ErrorKind::BadRequest};
// A link or a place has nothing to download.
inline constexpr ErrorCode kNoFile{"documents.no_file", ErrorKind::Conflict};
// A link or a place, where only a file will do (check out, versions).
inline constexpr ErrorCode kNotAFile{"documents.not_a_file", ErrorKind::Conflict};
inline constexpr ErrorCode kNotCheckedOut{"documents.not_checked_out", ErrorKind::Conflict};
inline constexpr ErrorCode kNotFound{"documents.not_found", ErrorKind::NotFound};
// The environment has no documents.yaml.
inline constexpr ErrorCode kNotKept{"documents.not_kept", ErrorKind::NotFound};
inline constexpr ErrorCode kRenameCheckedOut{"documents.rename_checked_out", ErrorKind::Conflict};
inline constexpr ErrorCode kRenameExtension{"documents.rename_extension", ErrorKind::BadRequest};
// The document store failed (disk full, I/O, content missing): a lasting header alert (spec 2 §8).
inline constexpr ErrorCode kStoreFailed{"documents.store_failed", ErrorKind::Unavailable};
inline constexpr ErrorCode kTokenExpired{"documents.token_expired", ErrorKind::NotFound};
inline constexpr ErrorCode kTooManyFiles{"documents.too_many_files", ErrorKind::BadRequest};
inline constexpr ErrorCode kTusVersion{"documents.tus_version", ErrorKind::PreconditionFailed};
inline constexpr ErrorCode kUploadBusy{"documents.upload_busy", ErrorKind::Conflict};
inline constexpr ErrorCode kUploadContentType{"documents.upload_content_type",
                                              ErrorKind::UnsupportedMediaType};
inline constexpr ErrorCode kUploadDenied{"documents.upload_denied", ErrorKind::Forbidden};
inline constexpr ErrorCode kUploadFailed{"documents.upload_failed", ErrorKind::Internal};
inline constexpr ErrorCode kUploadLength{"documents.upload_length", ErrorKind::BadRequest};
inline constexpr ErrorCode kUploadNotFound{"documents.upload_not_found", ErrorKind::NotFound};
inline constexpr ErrorCode kUploadOffset{"documents.upload_offset", ErrorKind::Conflict};
// A tus PATCH without Upload-Offset.
inline constexpr ErrorCode kUploadOffsetMissing{"documents.upload_offset_missing",
                                                ErrorKind::BadRequest};
inline constexpr ErrorCode kUploadQuota{"documents.upload_quota", ErrorKind::TooManyRequests};
inline constexpr ErrorCode kUploadRepeated{"documents.upload_repeated", ErrorKind::BadRequest};
inline constexpr ErrorCode kUploadSpace{"documents.upload_space", ErrorKind::InsufficientStorage};
// One upload becomes one document: this one was saved as a document already.
inline constexpr ErrorCode kUploadTaken{"documents.upload_taken", ErrorKind::BadRequest};
inline constexpr ErrorCode kUploadTooLong{"documents.upload_too_long", ErrorKind::BadRequest};
inline constexpr ErrorCode kUploadUnfinished{"documents.upload_unfinished", ErrorKind::Conflict};
inline constexpr ErrorCode kUploadUnknown{"documents.upload_unknown", ErrorKind::BadRequest};
inline constexpr ErrorCode kVersionNotFound{"documents.version_not_found", ErrorKind::NotFound};
inline constexpr ErrorCode kVersionsDisabled{"documents.versions_disabled", ErrorKind::Conflict};

}  // namespace dossier::documents::errors
