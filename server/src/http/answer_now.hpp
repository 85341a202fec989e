#pragma once

#include <boost/beast/http/serializer.hpp>
#include <boost/beast/http/string_body.hpp>

namespace dossier::http {

using StringSerializer = boost::beast::http::serializer<false, boost::beast::http::string_body>;

enum class SentNow { All, Part, Failed };

// Writes as much of an answer as the socket `fd` takes at once, without waiting and from any
// thread, so that the thread that made an answer sends it rather than handing it to an I/O thread
// first (docs/decisions.md, "The thread that makes an answer sends it"). Part: the socket is full,
// and what is left is for an asynchronous write of the same serializer. Only while no other
// operation is under way on the socket.
SentNow sendNow(int fd, StringSerializer& serializer);

}  // namespace dossier::http
