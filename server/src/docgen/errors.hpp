#pragma once

#include "core/error_code.hpp"

namespace dossier::docgen::errors {

inline constexpr ErrorCode kTemplateBroken{"docgen.template_broken", ErrorKind::BadRequest};
inline constexpr ErrorCode kTemplateMemory{"docgen.template_memory", ErrorKind::Internal};
inline constexpr ErrorCode kTemplateNotOffice{"docgen.template_not_office", ErrorKind::BadRequest};
inline constexpr ErrorCode kTemplateRead{"docgen.template_read", ErrorKind::Internal};
inline constexpr ErrorCode kTemplateUnreadable{"docgen.template_unreadable", ErrorKind::BadRequest};
inline constexpr ErrorCode kTemplateWrite{"docgen.template_write", ErrorKind::Internal};

}  // namespace dossier::docgen::errors
