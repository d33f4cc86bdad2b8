import { randomUUID } from 'node:crypto';
import { DomainError } from '@fordran/core';
import type { FileStorage } from '@fordran/store';

/*
 * The BankID simulator's orders, kept in the app's file storage (one JSON file per order), so
 * that `fordran bankid approve|cancel` in another process acts on the orders of the server's
 * simulator. What the simulator is to BankID's servers: the RP side keeps its own bankid_orders.
 */

export type SimulatedOrderStatus = 'pending' | 'failed' | 'complete';

export interface SimulatedOrder {
  orderRef: string;
  autoStartToken: string;
  qrStartToken: string;
  qrStartSecret: string;
  purpose: 'auth' | 'sign';
  /** requirement.personalNumber of the order; null: anyone may complete it. */
  personalNumber: string | null;
  /** userVisibleData, decoded. */
  userVisibleData: string | null;
  endUserIp: string;
  status: SimulatedOrderStatus;
  hintCode: string;
  /** Who completed it (the order's personalNumber, or the one given at approval). */
  completedBy: string | null;
  /** Milliseconds since the epoch. */
  startedAt: number;
}

/** How long an order may stay pending before BankID ends it (about 3 minutes in the real service). */
export const SIMULATED_ORDER_LIFETIME_MS = 180_000;
/** Ended orders are forgotten after a day. */
const KEEP_ENDED_MS = 24 * 3600_000;
const FOLDER = 'bankid-simulator';
const ORDER_REF = /^[0-9a-f-]{36}$/;

const keyOf = (orderRef: string) => `${FOLDER}/${orderRef}.json`;

async function save(files: FileStorage, order: SimulatedOrder): Promise<void> {
  await files.put(keyOf(order.orderRef), new TextEncoder().encode(JSON.stringify(order)), 'application/json');
}

/** The order, with BankID's time-out applied (a pending order past its lifetime has failed). */
export async function readSimulatedOrder(files: FileStorage, orderRef: string, now: number): Promise<SimulatedOrder | null> {
  if (!ORDER_REF.test(orderRef)) return null;
  const file = await files.get(keyOf(orderRef));
  if (!file) return null;
  const order = JSON.parse(new TextDecoder().decode(file.bytes)) as SimulatedOrder;
  if (order.status === 'pending' && now - order.startedAt > SIMULATED_ORDER_LIFETIME_MS) {
    // Never scanned: startFailed; opened in the app but not finished: expiredTransaction.
    const expired: SimulatedOrder = {
      ...order,
      status: 'failed',
      hintCode: order.hintCode === 'outstandingTransaction' ? 'startFailed' : 'expiredTransaction',
    };
    await save(files, expired);
    return expired;
  }
  return order;
}

/** Every order still pending, oldest first; ended orders older than a day are removed on the way. */
export async function listPendingSimulatedOrders(files: FileStorage, now: number): Promise<SimulatedOrder[]> {
  const pending: SimulatedOrder[] = [];
  for (const info of await files.list(FOLDER)) {
    const orderRef = info.key.slice(FOLDER.length + 1).replace(/\.json$/, '');
    const order = await readSimulatedOrder(files, orderRef, now);
    if (order?.status === 'pending') pending.push(order);
    else if (order && now - order.startedAt > KEEP_ENDED_MS) await files.delete(info.key);
  }
  return pending.sort((a, b) => a.startedAt - b.startedAt);
}

export async function createSimulatedOrder(
  files: FileStorage,
  order: Pick<SimulatedOrder, 'purpose' | 'personalNumber' | 'userVisibleData' | 'endUserIp'>,
  now: number,
): Promise<SimulatedOrder> {
  const created: SimulatedOrder = {
    ...order,
    orderRef: randomUUID(),
    autoStartToken: randomUUID(),
    qrStartToken: randomUUID(),
    qrStartSecret: randomUUID(),
    status: 'pending',
    hintCode: 'outstandingTransaction',
    completedBy: null,
    startedAt: now,
  };
  await save(files, created);
  return created;
}

async function pendingOrder(files: FileStorage, orderRef: string, now: number): Promise<SimulatedOrder> {
  const order = await readSimulatedOrder(files, orderRef, now);
  if (!order) throw new DomainError('NOT_FOUND', `Ingen BankID-order ${orderRef} i simulatorn`);
  if (order.status !== 'pending') throw new DomainError('INVALID_TRANSITION', `BankID-ordern är redan avslutad (${order.status}, ${order.hintCode})`);
  return order;
}

/** The user opened the order in the app: the hint becomes userSign. */
export async function openSimulatedOrder(files: FileStorage, orderRef: string, now: number): Promise<SimulatedOrder> {
  const order = { ...(await pendingOrder(files, orderRef, now)), hintCode: 'userSign' };
  await save(files, order);
  return order;
}

/**
 * The user signs with BankID. An order that named a personnummer is completed by that person;
 * one that did not (QR without requirement) needs `personalNumber`.
 */
export async function approveSimulatedOrder(files: FileStorage, orderRef: string, now: number, personalNumber?: string): Promise<SimulatedOrder> {
  const order = await pendingOrder(files, orderRef, now);
  const completedBy = order.personalNumber ?? personalNumber ?? null;
  if (!completedBy || !/^\d{12}$/.test(completedBy))
    throw new DomainError('INVALID_PERSONNUMMER', 'Ordern namnger inget personnummer: ange ett med 12 siffror');
  const approved: SimulatedOrder = { ...order, status: 'complete', hintCode: 'complete', completedBy };
  await save(files, approved);
  return approved;
}

/** The user cancels in the app (collect: failed, userCancel). */
export async function cancelSimulatedOrder(files: FileStorage, orderRef: string, now: number): Promise<SimulatedOrder> {
  const cancelled: SimulatedOrder = { ...(await pendingOrder(files, orderRef, now)), status: 'failed', hintCode: 'userCancel' };
  await save(files, cancelled);
  return cancelled;
}

/** The RP cancelled (POST /cancel): the order is gone, as at BankID. */
export async function removeSimulatedOrder(files: FileStorage, orderRef: string): Promise<void> {
  await files.delete(keyOf(orderRef));
}
