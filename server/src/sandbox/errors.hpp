#pragma once

#include "core/error_code.hpp"

namespace dossier::sandbox::errors {

inline constexpr ErrorCode kMacroFailed{"sandbox.macro_failed", ErrorKind::Unprocessable};
inline constexpr ErrorCode kMacroMessage{"sandbox.macro_message", ErrorKind::Unprocessable};
inline constexpr ErrorCode kMacroRefused{"sandbox.macro_refused", ErrorKind::Unprocessable};
inline constexpr ErrorCode kMacroState{"sandbox.macro_state", ErrorKind::Internal};
// A macro run that never reported how it ended.
inline constexpr ErrorCode kMacroUnfinished{"sandbox.macro_unfinished", ErrorKind::Internal};

}  // namespace dossier::sandbox::errors
