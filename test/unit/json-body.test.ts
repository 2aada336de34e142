// http → readJsonBody on a base64-encoded body, as API Gateway hands over one of a binary media type: bytes that are
// not UTF-8 are refused as on the text path (decision F170), and the decoded text is read as sent.
import type { APIGatewayProxyEvent } from 'aws-lambda';
import { ValidationError } from '#shared/errors';
import { NOT_UTF8_TEXT, readJsonBody } from '#shared/http/request';

const base64Event = (bytes: Buffer): APIGatewayProxyEvent => ({ body: bytes.toString('base64'), isBase64Encoded: true }) as APIGatewayProxyEvent;
const jsonHeaders = { 'content-type': 'application/json' };
const nameBody = (name: string) => `{"first_name":"${name}"}`;

describe('JSON body encoded in base64', () => {
  it('refuses a Latin-1 body, whose ü no UTF-8 text holds, as not UTF-8', () => {
    // Prepare
    const event = base64Event(Buffer.from(nameBody('M\u00fcller'), 'latin1'));

    // Act
    const read = () => readJsonBody(event, jsonHeaders);

    // Assess
    expect(read).toThrow(ValidationError);
    expect(read).toThrow(NOT_UTF8_TEXT);
  });

  it('reads a UTF-8 body with its letters, and the escape of U+FFFD as that character', () => {
    // Prepare
    const utf8 = base64Event(Buffer.from(nameBody('M\u00fcller'), 'utf8'));
    const escaped = base64Event(Buffer.from(nameBody('M\\ufffdller'), 'utf8'));

    // Act
    const [read, readEscaped] = [readJsonBody(utf8, jsonHeaders), readJsonBody(escaped, jsonHeaders)];

    // Assess
    expect(read).toEqual({ first_name: 'Müller' });
    expect(readEscaped).toEqual({ first_name: 'M\ufffdller' });
  });
});
