// Error codes of the interface, each with its HTTP status and its message in en-US and
// zh-CN (spec 7, spec 9: the `locale` header picks the language). Codes follow the
// public exchange where one fits (upstream-facts.md "Errors"); the desk's own proxy
// errors use the same envelope with codes of their own.

export type Locale = 'en-US' | 'zh-CN';

export interface ErrorDef {
  status: number;
  en: string;
  zh: string;
}

export const SUCCESS_CODE = '00000';

export const errorCatalog = {
  // Authentication and parameters (HTTP 400/401/403, upstream 400xx).
  '40001': { status: 401, en: 'ACCESS-KEY header is required', zh: 'ACCESS-KEY 请求头不能为空' },
  '40002': { status: 401, en: 'ACCESS-SIGN header is required', zh: 'ACCESS-SIGN 请求头不能为空' },
  '40003': { status: 401, en: 'ACCESS-TIMESTAMP header is required', zh: 'ACCESS-TIMESTAMP 请求头不能为空' },
  '40004': { status: 401, en: 'ACCESS-PASSPHRASE header is required', zh: 'ACCESS-PASSPHRASE 请求头不能为空' },
  '40005': { status: 400, en: 'Invalid ACCESS-TIMESTAMP', zh: '无效的 ACCESS-TIMESTAMP' },
  '40006': { status: 400, en: 'Invalid ACCESS-KEY', zh: '无效的 ACCESS-KEY' },
  '40008': { status: 400, en: 'Request timestamp expired', zh: '请求时间戳已过期' },
  '40009': { status: 400, en: 'sign signature error', zh: '签名错误' },
  '40012': { status: 400, en: 'apikey/password is incorrect', zh: 'API key 或口令错误' },
  '40013': { status: 400, en: 'User has been frozen: {field}', zh: '用户已被冻结：{field}' },
  '40014': { status: 403, en: 'Incorrect permissions, need {permission} permissions', zh: '权限不足，需要 {permission} 权限' },
  '40017': { status: 400, en: 'Parameter verification failed: {detail}', zh: '参数校验失败：{detail}' },
  '40019': { status: 400, en: 'Parameter {field} cannot be empty', zh: '参数 {field} 不能为空' },
  '40034': { status: 400, en: 'Parameter {field} does not exist', zh: '参数 {field} 不存在' },
  '40404': { status: 404, en: 'Request URL NOT FOUND', zh: '请求的地址不存在' },
  '40054': { status: 400, en: 'The data fetched by {field} is empty', zh: '{field} 查询的数据为空' },
  '40068': { status: 400, en: 'Only the past three months can be queried', zh: '仅支持查询近三个月的数据' },
  '40309': { status: 400, en: 'This operation is only available to an ND-type broker main account', zh: '仅 ND 类型的经纪商主账户可用' },
  '40310': { status: 400, en: 'Sub-account {field} does not belong to this broker', zh: '子账户 {field} 不属于该经纪商' },
  '43001': { status: 400, en: 'The order does not exist or is not eligible for this query', zh: '订单不存在或不支持该查询' },
  '43002': { status: 400, en: 'Coin {field} is not a small balance that can be converted', zh: '币种 {field} 不是可兑换的小额资产' },
  // Trading (upstream 2xxxx).
  '22001': { status: 400, en: 'No order to cancel', zh: '没有可撤销的订单' },
  '25100': { status: 400, en: 'Symbol {field} not found', zh: '交易对 {field} 不存在' },
  '25202': { status: 400, en: 'Insufficient balance', zh: '余额不足' },
  '25203': { status: 400, en: 'Insufficient margin', zh: '保证金不足' },
  '25204': { status: 400, en: 'The order does not exist', zh: '订单不存在' },
  // The meanings below are the exchange's (reference docs, upstream-facts.md "Read this first").
  '25010': { status: 400, en: 'Position mode cannot be switched: {detail}', zh: '无法切换持仓模式：{detail}' },
  '25207': { status: 400, en: 'Quantity is below the minimum of {detail}', zh: '数量低于最小值 {detail}' },
  '25208': { status: 400, en: 'Quantity is above the maximum of {detail}', zh: '数量高于最大值 {detail}' },
  '25211': { status: 400, en: 'The maximum number of open orders has been reached', zh: '挂单数量已达上限' },
  '25212': { status: 400, en: 'Duplicate clientOid {field}', zh: '重复的 clientOid {field}' },
  '25223': { status: 400, en: 'Exceeds the maximum leverage of {detail}', zh: '超过最大杠杆 {detail}' },
  '25232': { status: 400, en: 'Reduce-only orders may only reduce the position; cancel or modify the other close orders first ({detail})', zh: '只减仓订单只能减少仓位；请先撤销或修改其他平仓订单（{detail}）' },
  '25240': { status: 400, en: '{field} does not support this operation', zh: '{field}不支持该操作' },
  '25244': { status: 400, en: 'Price should be a multiple of {detail}', zh: '价格应为 {detail} 的整数倍' },
  '25568': { status: 400, en: 'The order does not meet the modification requirements: {detail}', zh: '订单不满足改单条件：{detail}' },
  '25574': { status: 400, en: 'Reduce-only order protection: {detail}', zh: '只减仓保护：{detail}' },
  // Rate limits.
  '429': { status: 429, en: 'Too many requests, please try again later', zh: '请求过于频繁，请稍后再试' },
  // WebSocket (upstream 300xx).
  '30001': { status: 400, en: 'Channel does not exist', zh: '频道不存在' },
  '30002': { status: 400, en: 'Illegal request', zh: '非法请求' },
  '30003': { status: 400, en: 'Invalid op', zh: '无效的操作' },
  '30004': { status: 401, en: 'User needs to log in', zh: '需要先登录' },
  '30005': { status: 401, en: 'Login failed', zh: '登录失败' },
  '30006': { status: 429, en: 'Request too many', zh: '请求过多' },
  '30007': { status: 429, en: 'Request over limit, connection close', zh: '请求超限，连接关闭' },
  '30008': { status: 400, en: 'Message too large', zh: '消息过大' },
  '30009': { status: 400, en: 'Subscription already exists', zh: '已订阅' },
  '30010': { status: 400, en: 'Subscription does not exist', zh: '未订阅' },
  '30011': { status: 401, en: 'Invalid ACCESS-KEY', zh: '无效的 ACCESS-KEY' },
  '30012': { status: 401, en: 'Invalid ACCESS-PASSPHRASE', zh: '无效的 ACCESS-PASSPHRASE' },
  '30013': { status: 401, en: 'Invalid ACCESS-TIMESTAMP', zh: '无效的 ACCESS-TIMESTAMP' },
  '30014': { status: 401, en: 'Request timestamp expired', zh: '请求时间戳已过期' },
  '30015': { status: 401, en: 'Invalid signature', zh: '签名无效' },
  '30016': { status: 400, en: 'Parameter error: {detail}', zh: '参数错误：{detail}' },
  // Server side.
  '45001': { status: 500, en: 'Internal error, please retry', zh: '内部错误，请重试' },
  '45002': { status: 503, en: 'Service temporarily unavailable', zh: '服务暂不可用' },
  // The desk's proxy (same envelope; codes that cannot collide with the exchange's).
  'DESK401': { status: 401, en: 'Sign in first: no session', zh: '请先登录：没有会话' },
  'DESK403': { status: 403, en: 'Your role ({role}) lacks the {permission} permission', zh: '你的角色（{role}）没有 {permission} 权限' },
  'DESK403A': { status: 403, en: 'You may not use the account {field}', zh: '你不能使用账户 {field}' },
  'DESK403O': { status: 403, en: 'Cross-site request refused: {detail}', zh: '拒绝跨站请求：{detail}' },
  'DESK404': { status: 404, en: 'Unknown endpoint {method} {path}: nothing was sent', zh: '未知接口 {method} {path}：未发送任何请求' },
  'DESK400': { status: 400, en: '{field}: {detail}', zh: '{field}：{detail}' },
  'DESK408': { status: 408, en: 'The request did not arrive in time', zh: '请求未能及时到达' },
  'DESK431': { status: 431, en: 'Request headers too large', zh: '请求头过大' },
  'DESK413': { status: 413, en: 'Request body too large (limit {detail})', zh: '请求体过大（上限 {detail}）' },
  'DESK429': { status: 429, en: 'Too many requests queued for this account: {detail}', zh: '该账户排队请求过多：{detail}' },
  'DESK429L': { status: 429, en: 'Too many login attempts; try again in {detail} s', zh: '登录尝试过多，请 {detail} 秒后再试' },
  'DESK502': { status: 502, en: 'The exchange did not answer: {detail}', zh: '交易所未响应：{detail}' },
  'DESK502U': { status: 502, en: 'The answer never came ({detail}): the order may exist; the desk is checking it by clientOid', zh: '未收到应答（{detail}）：订单可能已存在；系统正按 clientOid 核查' },
  'DESK404U': { status: 404, en: 'The answer never came; checked by clientOid: {detail}', zh: '未收到应答；按 clientOid 核查：{detail}' },
  'DESK421': { status: 421, en: 'Unknown host {detail}: this desk answers only its own names', zh: '未知主机 {detail}：本系统只响应自己的主机名' },
  'DESK429S': { status: 429, en: 'Too many private sockets: {detail}', zh: '私有连接过多：{detail}' },
  'DESK401S': { status: 401, en: 'Your session ended: {detail}; sign in again', zh: '会话已结束：{detail}；请重新登录' },
  'DESK503': { status: 503, en: 'The audit log is unavailable; nothing was sent', zh: '审计日志不可用；未发送任何请求' },
  'DESK503S': { status: 503, en: 'The desk\'s database is unavailable ({detail}); nothing was done', zh: '工作台数据库不可用（{detail}）；未执行任何操作' },
  'DESK503R': { status: 503, en: 'The shared rate budget is unavailable ({detail}); nothing was sent', zh: '共享限速预算不可用（{detail}）；未发送任何请求' },
} as const satisfies Record<string, ErrorDef>;

export type ErrorCode = keyof typeof errorCatalog;

export type ErrorParams = Partial<Record<'field' | 'detail' | 'state' | 'permission' | 'role' | 'method' | 'path', string>>;

/** Picks a supported locale from a `locale` header; anything unknown falls back to en-US. */
export function localeFrom(header: string | string[] | undefined | null): Locale {
  const v = (Array.isArray(header) ? header[0] : header) ?? '';
  return /^zh/i.test(v) ? 'zh-CN' : 'en-US';
}

export function httpStatusOf(code: string): number {
  return (errorCatalog as Record<string, ErrorDef>)[code]?.status ?? 400;
}

export function errorMessage(code: ErrorCode, locale: Locale = 'en-US', params: ErrorParams = {}): string {
  const def: ErrorDef = errorCatalog[code];
  const template = locale === 'zh-CN' ? def.zh : def.en;
  return template.replace(/\{(\w+)\}/g, (_, k: string) => params[k as keyof ErrorParams] ?? '');
}

export interface ErrorEnvelope {
  code: string;
  msg: string;
  requestTime: number;
  data: null;
}

export function errorEnvelope(code: ErrorCode, locale: Locale = 'en-US', params: ErrorParams = {}, now = Date.now()): ErrorEnvelope {
  return { code, msg: errorMessage(code, locale, params), requestTime: now, data: null };
}

/** An interface error as a value: thrown by the simulator's and proxy's handlers, shown by the UI. */
export class ApiError extends Error {
  readonly status: number;
  constructor(
    readonly code: string,
    message: string,
    status?: number,
    readonly field?: string,
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status ?? httpStatusOf(code);
  }

  static of(code: ErrorCode, params: ErrorParams = {}, locale: Locale = 'en-US'): ApiError {
    return new ApiError(code, errorMessage(code, locale, params), errorCatalog[code].status, params.field);
  }
}
