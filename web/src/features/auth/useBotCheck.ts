import { useRef, useState } from 'react';

import type { EnvironmentSettings } from '../../lib/api/types';
import type { BotCheckAction } from './api';
import type { BotCheckProps } from './BotCheck';

export type BotCheckSetting = EnvironmentSettings['botCheck'];

// A request a proof goes with (none while no check is shown). It answers whether the page stays
// for another try, which then needs a proof of its own.
export type CheckedRequest = (proof: string | undefined) => Promise<boolean>;

export interface BotCheckGate {
  // The check is part of the form: always, or since the server asked for one.
  shown: boolean;
  widget: BotCheckProps;
  // Sends the request with the proof, now or as soon as the check is solved.
  send(request: CheckedRequest): void;
  // The server asked for a check: it is shown, and the request goes again once it is solved.
  askedFor(request: CheckedRequest): void;
}

// The bot check of one form (spec 1 §7). Each proof is accepted once, so each request that does
// not end the page is followed by a new challenge (a new round of the widget).
export function useBotCheck(action: BotCheckAction, setting: BotCheckSetting | undefined): BotCheckGate {
  const [asked, setAsked] = useState(false);
  const [round, setRound] = useState(0);
  const [proof, setProof] = useState<{ round: number; payload: string } | null>(null);
  // Read by the widget's callbacks, which may come from a round that is over.
  const currentRound = useRef(0);
  const pending = useRef<CheckedRequest | null>(null);
  const shown = setting === 'always' || asked;
  const ready = proof?.round === round ? proof.payload : undefined;

  function renew() {
    currentRound.current += 1;
    setRound(currentRound.current);
    setProof(null);
  }

  function run(request: CheckedRequest, payload: string | undefined) {
    if (payload !== undefined) setProof(null);
    void request(payload).then((stays) => {
      if (stays && payload !== undefined) renew();
    });
  }

  // The latest request waits: one the person sent again replaces the one before.
  function wait(request: CheckedRequest) {
    pending.current = request;
  }

  return {
    shown,
    send(request) {
      if (!shown) run(request, undefined);
      else if (ready !== undefined) run(request, ready);
      else wait(request);
    },
    askedFor(request) {
      setAsked(true);
      wait(request);
    },
    widget: {
      action,
      appear: setting !== 'always',
      round,
      onSolved(solvedRound, payload) {
        if (solvedRound !== currentRound.current) return;
        const request = pending.current;
        if (!request) {
          setProof({ round: solvedRound, payload });
          return;
        }
        pending.current = null;
        run(request, payload);
      },
      onWithdrawn(withdrawnRound) {
        if (withdrawnRound === currentRound.current) setProof(null);
      },
      onExpired(expiredRound) {
        if (expiredRound === currentRound.current) renew();
      },
      onRetry: renew,
    },
  };
}
