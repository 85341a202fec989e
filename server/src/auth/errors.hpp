#pragma once

#include "core/error_code.hpp"

namespace dossier::auth::errors {

inline constexpr ErrorCode kAccountDisabled{"auth.account_disabled", ErrorKind::Forbidden};
inline constexpr ErrorCode kBotCheckFailed{"auth.bot_check_failed", ErrorKind::BadRequest};
inline constexpr ErrorCode kBotCheckRequired{"auth.bot_check_required", ErrorKind::BadRequest};
inline constexpr ErrorCode kBusy{"auth.busy", ErrorKind::Unavailable};
inline constexpr ErrorCode kCodeRequired{"auth.code_required", ErrorKind::BadRequest};
inline constexpr ErrorCode kCodeWrong{"auth.code_wrong", ErrorKind::Unauthorized};
inline constexpr ErrorCode kCurrentCodeWrong{"auth.current_code_wrong", ErrorKind::BadRequest};
inline constexpr ErrorCode kCredentialsRequired{"auth.credentials_required", ErrorKind::BadRequest};
inline constexpr ErrorCode kCurrentPasswordRequired{"auth.current_password_required",
                                                    ErrorKind::BadRequest};
inline constexpr ErrorCode kCurrentPasswordWrong{"auth.current_password_wrong",
                                                 ErrorKind::BadRequest};
inline constexpr ErrorCode kDirectoryRefused{"auth.directory_refused", ErrorKind::Unauthorized};
inline constexpr ErrorCode kDirectorySignInNotPending{"auth.directory_sign_in_not_pending",
                                                      ErrorKind::NotFound};
inline constexpr ErrorCode kDirectoryUnreachable{"auth.directory_unreachable",
                                                 ErrorKind::Unavailable};
inline constexpr ErrorCode kInvalidCredentials{"auth.invalid_credentials", ErrorKind::Unauthorized};
inline constexpr ErrorCode kInvalidSession{"auth.invalid_session", ErrorKind::Unauthorized};
inline constexpr ErrorCode kMethodDisabled{"auth.method_disabled", ErrorKind::Forbidden};
inline constexpr ErrorCode kMethodNotEnabled{"auth.method_not_enabled", ErrorKind::Forbidden};
inline constexpr ErrorCode kNoSession{"auth.no_session", ErrorKind::Unauthorized};
inline constexpr ErrorCode kPasswordChangeNotAllowed{"auth.password_change_not_allowed",
                                                     ErrorKind::Forbidden};
inline constexpr ErrorCode kPasswordChangeRequired{"auth.password_change_required",
                                                   ErrorKind::Forbidden};
inline constexpr ErrorCode kPasswordMismatch{"auth.password_mismatch", ErrorKind::BadRequest};
inline constexpr ErrorCode kPasswordPolicy{"auth.password_policy", ErrorKind::Unprocessable};
inline constexpr ErrorCode kPasswordRequired{"auth.password_required", ErrorKind::BadRequest};
inline constexpr ErrorCode kPasswordTooLong{"auth.password_too_long", ErrorKind::BadRequest};
inline constexpr ErrorCode kRegistrationUnknown{"auth.registration_unknown", ErrorKind::NotFound};
inline constexpr ErrorCode kSessionEnded{"auth.session_ended", ErrorKind::Unauthorized};
inline constexpr ErrorCode kSessionNotFound{"auth.session_not_found", ErrorKind::NotFound};
inline constexpr ErrorCode kSessionExpired{"auth.session_expired", ErrorKind::Unauthorized};
inline constexpr ErrorCode kSetupNotStarted{"auth.setup_not_started", ErrorKind::Conflict};
inline constexpr ErrorCode kThrottled{"auth.throttled", ErrorKind::TooManyRequests};
inline constexpr ErrorCode kTicketEnded{"auth.ticket_ended", ErrorKind::Unauthorized};
inline constexpr ErrorCode kTwoFactorOff{"auth.two_factor_off", ErrorKind::Conflict};
inline constexpr ErrorCode kTwoFactorRequired{"auth.two_factor_required", ErrorKind::Conflict};
inline constexpr ErrorCode kUserExists{"auth.user_exists", ErrorKind::Conflict};
inline constexpr ErrorCode kWindowsNotOffered{"auth.windows_not_offered", ErrorKind::Unauthorized};
inline constexpr ErrorCode kWindowsRefused{"auth.windows_refused", ErrorKind::Unauthorized};
inline constexpr ErrorCode kUsernameTooLong{"auth.username_too_long", ErrorKind::BadRequest};

}  // namespace dossier::auth::errors
