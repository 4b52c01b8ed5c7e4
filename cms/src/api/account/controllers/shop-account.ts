import type { Context } from 'koa';
import { factories } from '@strapi/strapi';
import { ACCOUNT_MSG, accountCodeInputSchema, accountSessionInputSchema } from '@shop/shared';
import { parseWith, queryInt, requestBody, unauthorized } from '../../../utils/http';
import { routeParam } from '../../../utils/route-param';
import { clientKey, consume, refund } from '../../../domains/platform';
import { sendCode, useCode } from '../../../domains/accounts/account-codes';
import { currentAccount, endAllSessions, endSession, refuseCrossSite, startSession } from '../../../domains/accounts/account-sessions';
import { emailHash, ensureAccount } from '../../../domains/accounts/account-store';
import { accountOrders } from '../../../domains/accounts/account-orders';
import {
  alerts,
  favorites,
  profile,
  removeAlert,
  saveAddresses,
  saveFavorites,
  saveMeasurements,
  savePreferences,
} from '../../../domains/accounts/account-data';
import { deleteAccount, exportAccount } from '../../../domains/accounts/account-rights';

/** Her account (docs/api.md, "Her account"): every answer is hers only, read through her cookie's session. */
export default factories.createCoreController('api::account.shop-account', () => ({
  /** The same 202 for any address (whether it bought, has an account, or neither); limited per client and address. */
  async requestCode(ctx: Context) {
    refuseCrossSite(ctx);
    await consume(ctx, 'accountCode');
    const { email } = parseWith(accountCodeInputSchema, requestBody(ctx));
    await consume(ctx, 'accountCodeEmail', emailHash(email));
    await sendCode(email);
    ctx.status = 202;
    ctx.body = { message: ACCOUNT_MSG.codeSent };
  },

  /** A wrong code costs a point per client and per address (a right one gives its point back). */
  async signIn(ctx: Context) {
    refuseCrossSite(ctx);
    const { email, code } = parseWith(accountSessionInputSchema, requestBody(ctx));
    const perEmail = emailHash(email);
    await consume(ctx, 'accountSignIn');
    await consume(ctx, 'accountSignInEmail', perEmail);
    if (!(await useCode(email, code))) throw unauthorized(ACCOUNT_MSG.badCode);
    await Promise.all([refund('accountSignIn', clientKey(ctx)), refund('accountSignInEmail', perEmail)]);
    await startSession(ctx, await ensureAccount(email, new Date()));
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { message: ACCOUNT_MSG.signedIn };
  },

  async signOut(ctx: Context) {
    await endSession(ctx);
    ctx.body = { message: ACCOUNT_MSG.signedOut };
  },

  async signOutEverywhere(ctx: Context) {
    await endAllSessions(ctx);
    ctx.body = { message: ACCOUNT_MSG.signedOutEverywhere };
  },

  async me(ctx: Context) {
    ctx.body = await profile(await currentAccount(ctx));
  },

  async savePreferences(ctx: Context) {
    ctx.body = await savePreferences(await currentAccount(ctx), requestBody(ctx));
  },

  async orders(ctx: Context) {
    const account = await currentAccount(ctx);
    ctx.body = await accountOrders(account.email, queryInt(ctx.query.page, 1, { max: 1000 }));
  },

  async addresses(ctx: Context) {
    ctx.body = { addresses: (await currentAccount(ctx)).addresses };
  },

  async saveAddresses(ctx: Context) {
    ctx.body = await saveAddresses(await currentAccount(ctx), requestBody(ctx));
  },

  async measurements(ctx: Context) {
    ctx.body = { measurements: (await currentAccount(ctx)).measurements };
  },

  async saveMeasurements(ctx: Context) {
    ctx.body = await saveMeasurements(await currentAccount(ctx), requestBody(ctx));
  },

  async favorites(ctx: Context) {
    ctx.body = await favorites((await currentAccount(ctx)).favorites);
  },

  async saveFavorites(ctx: Context) {
    ctx.body = await saveFavorites(await currentAccount(ctx), requestBody(ctx));
  },

  async alerts(ctx: Context) {
    ctx.body = await alerts((await currentAccount(ctx)).email);
  },

  async removeAlert(ctx: Context) {
    const account = await currentAccount(ctx);
    const id = Number(routeParam(ctx, 'id'));
    ctx.body = await removeAlert(account.email, Number.isSafeInteger(id) && id > 0 ? id : 0);
  },

  async exportData(ctx: Context) {
    const account = await currentAccount(ctx);
    ctx.set('Content-Disposition', 'attachment; filename="mis-datos.json"');
    ctx.body = await exportAccount(account);
  },

  async remove(ctx: Context) {
    const account = await currentAccount(ctx);
    ctx.body = await deleteAccount(ctx, account);
  },
}));
