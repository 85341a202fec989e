#include "mail/transport.hpp"

#include "mail/errors.hpp"
#include "mail/pickup.hpp"
#include "mail/smtp.hpp"

namespace dossier::mail {

Status deliver(const Transport& transport, const Message& message, const std::string& text,
               std::chrono::system_clock::time_point now) {
  if (transport.kind == TransportKind::Smtp) {
    return send(transport.relayUrl, message, text);
  }
  if (!isEmailAddress(message.to)) {
    return Error::of(errors::kAddress,
                     "'" + message.to.substr(0, 100) + "' is not an e-mail address to send to.");
  }
  auto written = writeToPickup(transport.pickupFolder, message.subject, text, now);
  if (!written) {
    return std::move(written).error();
  }
  return {};
}

}  // namespace dossier::mail
