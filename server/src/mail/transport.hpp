#pragma once

#include <chrono>
#include <filesystem>
#include <string>

#include "core/result.hpp"

namespace dossier::mail {

struct Message;

// How an environment's e-mail leaves (mail.transport in environment.yaml): handed to an SMTP relay,
// or written into the pickup folder kept with its data (mail/pickup.hpp).
enum class TransportKind { Smtp, Pickup };

struct Transport {
  TransportKind kind = TransportKind::Smtp;
  std::string relayUrl;                // smtp: smtp://host:port or smtps://host:port
  std::filesystem::path pickupFolder;  // pickup: data/<env>/mail-pickup
};

// Sends the message (its RFC 5322 text, as rfc5322 made it) by the transport: the address is
// checked either way; what stops it comes back as an error a person can read.
Status deliver(const Transport& transport, const Message& message, const std::string& text,
               std::chrono::system_clock::time_point now);

}  // namespace dossier::mail
