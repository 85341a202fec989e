#pragma once

#include "core/error_code.hpp"

namespace dossier::reports::errors {

inline constexpr ErrorCode kNotFound{"reports.not_found", ErrorKind::NotFound};
inline constexpr ErrorCode kInvalidFilter{"reports.invalid_filter", ErrorKind::BadRequest};
inline constexpr ErrorCode kFormatRequired{"reports.format_required", ErrorKind::BadRequest};
inline constexpr ErrorCode kFormatNotOffered{"reports.format_not_offered", ErrorKind::BadRequest};
inline constexpr ErrorCode kExportFailed{"reports.export_failed", ErrorKind::Unprocessable};
inline constexpr ErrorCode kTooLargeForPdf{"reports.too_large_for_pdf", ErrorKind::Unprocessable};
inline constexpr ErrorCode kTooManyExports{"reports.too_many_exports", ErrorKind::TooManyRequests};
inline constexpr ErrorCode kExportNotFound{"reports.export_not_found", ErrorKind::NotFound};
inline constexpr ErrorCode kExportNotReady{"reports.export_not_ready", ErrorKind::Conflict};
inline constexpr ErrorCode kExportCancelled{"reports.export_cancelled", ErrorKind::Conflict};
inline constexpr ErrorCode kInvalidSchedule{"reports.invalid_schedule", ErrorKind::BadRequest};
inline constexpr ErrorCode kScheduleNotFound{"reports.schedule_not_found", ErrorKind::NotFound};
inline constexpr ErrorCode kTooManySchedules{"reports.too_many_schedules", ErrorKind::Conflict};
inline constexpr ErrorCode kNoReports{"reports.no_reports", ErrorKind::Forbidden};
inline constexpr ErrorCode kInvalidFiling{"reports.invalid_filing", ErrorKind::BadRequest};
inline constexpr ErrorCode kMailNotConfigured{"reports.mail_not_configured", ErrorKind::Conflict};

}  // namespace dossier::reports::errors
