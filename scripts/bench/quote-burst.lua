-- wrk script for bench:leads: genuine quote submissions, each with its own name, idempotency key and visitor
-- address (X-Forwarded-For, believed from loopback); every tenth request repeats the one before (a visitor's
-- retry, from the same address). Prints a JSON summary line.
local body, origin = os.getenv("BURST_BODY"), os.getenv("BURST_ORIGIN")
local prefix, closeEach = os.getenv("BURST_PREFIX"), os.getenv("BURST_CLOSE") == "1"
local run = tonumber(prefix:match("%d+$"))
threads, thread_id, sent, distinct, acks = {}, 0, 0, 0, 0
local last, address

function setup(thread)
  table.insert(threads, thread)
  thread:set("thread_id", #threads)
end

function request()
  sent = sent + 1
  if sent % 10 ~= 0 or not last then
    distinct = distinct + 1
    local id = string.format("%st%dn%d", prefix, thread_id, distinct)
    last = body:gsub("LEADNAME", id):gsub("IDEMKEY", id .. "-key")
    -- Each run and thread its own second octet: no address meets the 5-per-10-minutes limit in a later run.
    address = string.format("10.%d.%d.%d", run * 16 + thread_id, math.floor(distinct / 250) % 250, distinct % 250 + 1)
  end
  local headers = {
    ["Content-Type"] = "application/json", ["Accept"] = "application/json", ["x-tsr-serverfn"] = "true",
    ["Accept-Encoding"] = "gzip, deflate, br, zstd", ["Origin"] = origin, ["Sec-Fetch-Site"] = "same-origin",
    ["X-Forwarded-For"] = address,
  }
  if closeEach then headers["Connection"] = "close" end
  return wrk.format("POST", nil, headers, last)
end

function response(status)
  if status == 200 then acks = acks + 1 end
end

function done(summary, latency)
  local total_acks, total_distinct = 0, 0
  for _, t in ipairs(threads) do
    total_acks, total_distinct = total_acks + t:get("acks"), total_distinct + t:get("distinct")
  end
  io.write(string.format('{"requests":%d,"acks":%d,"distinct":%d,"errors":%d,"p50":%d,"p99":%d,"max":%d,"us":%d}\n',
    summary.requests, total_acks, total_distinct,
    summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout,
    latency:percentile(50), latency:percentile(99), latency.max, summary.duration))
end
