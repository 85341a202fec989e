#pragma once

#include "core/error_code.hpp"

namespace dossier::reports::errors {

inline constexpr ErrorCode kNotFound{"reports.not_found", ErrorKind::NotFound};
inline constexpr ErrorCode kInvalidFilter{"reports.invalid_filter", ErrorKind::BadRequest};
inline constexpr ErrorCode kFormatRequired{"reports.format_required", ErrorKind::BadRequest};
inline constexpr ErrorCode kFormatNotOffered{"reports.format_not_offered", ErrorKind::BadRequest};
inline constexpr ErrorCode kExportFailed{"reports.export_failed", ErrorKind::Unprocessable};
inline constexpr ErrorCode kTooLargeForPdf{"reports.too_large_for_pdf", ErrorKind::Unprocessable};

}  // namespace dossier::reports::errors
