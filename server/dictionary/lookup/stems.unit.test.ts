import { describe, expect, it } from 'vitest';
import { describeStem, MAX_STEMS, stemCandidates } from './stems.ts';

/** The stems offered for a word, each with its description, in the order they are tried. */
function readings(word: string, language: string): string[] {
  return stemCandidates(word, language).map(describeStem);
}

describe('stemCandidates in Korean', () => {
  // 저는 학교에서 한국어를 공부해요. 친구가 책을 읽어요. 내일 서울로 가요. 집에 있어요.
  it('cuts the particles of the words of real sentences off their nouns', () => {
    expect(readings('학교에서', 'ko')).toEqual(['학교 + -에서']);
    expect(readings('한국어를', 'ko')).toEqual(['한국어 + -를']);
    expect(readings('친구가', 'ko')).toEqual(['친구 + -가']);
    expect(readings('책을', 'ko')).toEqual(['책 + -을']);
    expect(readings('서울로', 'ko')).toEqual(['서울 + -로']);
    expect(readings('집에', 'ko')).toEqual(['집 + -에']);
  });

  it('cuts two particles, the longer stem first', () => {
    expect(readings('학교에서는', 'ko')).toEqual(['학교에서 + -는', '학교 + -에서 + -는']);
    expect(readings('친구에게도', 'ko')).toEqual(['친구에게 + -도', '친구 + -에게 + -도']);
  });

  it('takes a particle with two shapes only in the shape its noun calls for', () => {
    // 이/가, 을/를, 은/는 and 으로/로 follow the final consonant of the syllable before them.
    expect(readings('책를', 'ko')).toEqual([]);
    expect(readings('친구이', 'ko')).toEqual([]);
    expect(readings('학교으로', 'ko')).not.toContain('학교 + -으로');
    expect(readings('사과', 'ko')).toEqual([]);
  });

  it('leaves a word that is only a particle, or no Hangul before it, alone', () => {
    expect(readings('에서', 'ko')).toEqual([]);
    expect(readings('ABC에서', 'ko')).toEqual([]);
    // -다 ends every verb's dictionary form: the copula is not cut.
    expect(readings('학교다', 'ko')).toEqual([]);
  });
});

describe('stemCandidates in Turkish', () => {
  // Okulda çok öğrenci var. Evlerimizden çıktık. Kitabı okudum. Arabayla geldi. Sokakta çocuklar oynuyor.
  it('cuts case, possessive and plural suffixes written by vowel harmony', () => {
    expect(readings('okulda', 'tr')).toContain('okul + -da');
    expect(readings('evlerimizden', 'tr')).toContain('ev + -ler + -imiz + -den');
    expect(readings('arabayla', 'tr')).toContain('araba + -yla');
    expect(readings('sokakta', 'tr')).toContain('sokak + -ta');
    expect(readings('çocuklar', 'tr')).toEqual(['çocuk + -lar']);
  });

  it("cuts a name's suffixes after its apostrophe", () => {
    expect(readings("istanbul'da", 'tr')).toContain('istanbul + -da');
    expect(readings('ankara’ya', 'tr')).toContain('ankara + -ya');
    expect(readings("paris'te", 'tr')).toContain('paris + -te');
  });

  it('gives back the final consonant a vowel softened (kitabı: kitap)', () => {
    expect(readings('kitabı', 'tr')[0]).toBe('kitap + -ı');
    expect(readings('çocuğu', 'tr')[0]).toBe('çocuk + -u');
  });

  it('tries the longest stem first: kalemi is kalem + -i before kale + -m + -i', () => {
    expect(readings('kalemi', 'tr')).toEqual(['kalem + -i', 'kale + -m + -i']);
  });

  it('refuses suffixes against vowel harmony, the buffer letters or d/t', () => {
    expect(readings('okulde', 'tr')).not.toContain('okul + -de');
    expect(readings('evlar', 'tr')).toEqual([]);
    expect(readings('sokakda', 'tr')).not.toContain('sokak + -da');
    expect(readings('arabala', 'tr')).not.toContain('araba + -la');
  });

  it('tries a few stems at most, and none of one letter', () => {
    for (const word of ['evlerimizden', 'evinde', 'ellerimizdekilerden']) {
      expect(stemCandidates(word, 'tr').length).toBeLessThanOrEqual(MAX_STEMS);
    }
    expect(stemCandidates('ev', 'tr')).toEqual([]);
  });
});

describe('stemCandidates in other languages', () => {
  it('offers none', () => {
    expect(stemCandidates('okulda', 'es')).toEqual([]);
    expect(stemCandidates('학교에서', 'ja')).toEqual([]);
  });
});
