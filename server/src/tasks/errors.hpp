#pragma once

#include "core/error_code.hpp"

namespace dossier::tasks::errors {

inline constexpr ErrorCode kBadKind{"tasks.bad_kind", ErrorKind::NotFound};
inline constexpr ErrorCode kChanged{"tasks.changed", ErrorKind::Conflict};
inline constexpr ErrorCode kChoiceEnded{"tasks.choice_ended", ErrorKind::Conflict};
inline constexpr ErrorCode kChoiceInvalid{"tasks.choice_invalid", ErrorKind::BadRequest};
inline constexpr ErrorCode kCommentDenied{"tasks.comment_denied", ErrorKind::Forbidden};
inline constexpr ErrorCode kCommentNotPerson{"tasks.comment_not_person", ErrorKind::BadRequest};
inline constexpr ErrorCode kCreate{"tasks.create", ErrorKind::Unprocessable};
inline constexpr ErrorCode kDocument{"tasks.document", ErrorKind::Unprocessable};
inline constexpr ErrorCode kDocumentNotCase{"tasks.document_not_case", ErrorKind::BadRequest};
inline constexpr ErrorCode kEmailTo{"tasks.email_to", ErrorKind::Unprocessable};
inline constexpr ErrorCode kNoRelay{"tasks.no_relay", ErrorKind::Unprocessable};
inline constexpr ErrorCode kNotFound{"tasks.not_found", ErrorKind::NotFound};
inline constexpr ErrorCode kRunDenied{"tasks.run_denied", ErrorKind::Forbidden};
inline constexpr ErrorCode kStarted{"tasks.started", ErrorKind::Conflict};
inline constexpr ErrorCode kStepDisabled{"tasks.step_disabled", ErrorKind::Conflict};
inline constexpr ErrorCode kStepNotFound{"tasks.step_not_found", ErrorKind::NotFound};
inline constexpr ErrorCode kTemplate{"tasks.template", ErrorKind::Unprocessable};

}  // namespace dossier::tasks::errors
